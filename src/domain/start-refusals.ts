/*
 * Why the server refused a start a customer chose, by the problem type of its 400 (see
 * `createPublicBooking` in the contract), in words for the booking and manage pages. A time
 * that was never free is never called "just taken": only a 409 `/problems/slot-taken` is.
 */

const NOTICES: Readonly<Record<string, string>> = {
  '/problems/not-on-slot-grid':
    'That time is not one of the start times offered. Here are the times that are free.',
  '/problems/outside-working-hours':
    'That time is outside working hours. Here are the times that are free.',
  '/problems/time-off': 'Nobody is available at that time. Here are the times that are free.',
  '/problems/too-soon':
    'That time is too soon to book online. Here are the times that are still free.',
  '/problems/too-far-ahead':
    'That time is too far ahead to book online yet. Here are the times that are free.',
}

/** The sentence for a refused start, or null when the problem type is not one of them. */
export function startRefusalNotice(problemType: string | null): string | null {
  return problemType === null ? null : (NOTICES[problemType] ?? null)
}
