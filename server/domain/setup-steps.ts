/** The facts a new business's set-up is judged by (read by `db/read-models/setup-progress.ts`). */
export interface SetupFacts {
  hasWorkingHours: boolean
  hasBookableService: boolean
  hasOnlineBooking: boolean
  hasActivePaymentAccount: boolean
  hasTeam: boolean
}

export type SetupStepId = 'hours' | 'first_service' | 'booking_link' | 'payments' | 'team'

export interface SetupStep {
  id: SetupStepId
  done: boolean
  optional: boolean
}

/**
 * The checklist in the order a new owner does it: hours, a service someone performs, the
 * link shared (done once a customer booked through it), payments and a team (both optional:
 * a one-person business that takes money at the venue is fully set up without them).
 */
export function setupSteps(facts: SetupFacts): SetupStep[] {
  return [
    { id: 'hours', done: facts.hasWorkingHours, optional: false },
    { id: 'first_service', done: facts.hasBookableService, optional: false },
    { id: 'booking_link', done: facts.hasOnlineBooking, optional: false },
    { id: 'payments', done: facts.hasActivePaymentAccount, optional: true },
    { id: 'team', done: facts.hasTeam, optional: true },
  ]
}
