import { en, type MessageKey } from '../../shared/i18n/en'

/*
 * Why the server refused a start a customer chose, by the problem type of its 400 (see
 * `createPublicBooking` in the contract), as a catalogue message for the booking and manage
 * pages. A time that was never free is never called "just taken": only a 409
 * `/problems/slot-taken` is.
 */

const NOTICES: Readonly<Record<string, MessageKey>> = {
  '/problems/not-on-slot-grid': 'refusal_not_on_grid',
  '/problems/outside-working-hours': 'refusal_outside_hours',
  '/problems/time-off': 'refusal_time_off',
  '/problems/too-soon': 'refusal_too_soon',
  '/problems/too-far-ahead': 'refusal_too_far_ahead',
}

/** The catalogue key for a refused start, or null when the problem type is not one of them. */
export function startRefusalKey(problemType: string | null): MessageKey | null {
  return problemType === null ? null : (NOTICES[problemType] ?? null)
}

/** The English sentence for a refused start (for pages not yet in the visitor's language). */
export function startRefusalNotice(problemType: string | null): string | null {
  const key = startRefusalKey(problemType)
  return key === null ? null : en[key]
}
