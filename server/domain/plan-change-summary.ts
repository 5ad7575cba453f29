import type { SubscriptionStatus } from './plan-in-force.ts'

interface PlanState {
  planId: string
  planName: string
  status: SubscriptionStatus
  interval: 'month' | 'year' | null
}

const cadence = { month: 'monthly', year: 'yearly' } as const

/** One line for the activity log about a change of plan or of how it stands. */
export function planChangeSummary(change: {
  before: PlanState
  after: PlanState
  cancelAtPeriodEnd: boolean
  periodEnd: Date | null
}): string {
  const { before, after } = change
  const named = (state: PlanState) =>
    state.status === 'trialing' && state.interval === null
      ? `the ${state.planName} trial`
      : state.interval
        ? `${state.planName} (${cadence[state.interval]})`
        : state.planName
  if (after.status === 'past_due' && before.status !== 'past_due') {
    return `A payment for ${after.planName} failed; Stripe will retry the card`
  }
  if (after.status === 'unpaid' || after.status === 'incomplete' || after.status === 'paused') {
    return `${before.planName} is not paid for (${after.status.replace('_', ' ')}); the business is on ${after.planName} until it is`
  }
  if (before.planId === after.planId && before.interval === after.interval) {
    if (before.status === 'past_due' && after.status === 'active') {
      return `The payment for ${after.planName} went through; the subscription is active again`
    }
    if (change.cancelAtPeriodEnd) {
      const until = change.periodEnd ? ` on ${change.periodEnd.toISOString().slice(0, 10)}` : ''
      return `${after.planName} was cancelled and ends${until}`
    }
    return `${after.planName} continues: the cancellation was withdrawn`
  }
  return `Plan changed from ${named(before)} to ${named(after)}`
}
