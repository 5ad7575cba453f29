import type { components } from '../../../shared/contract/schema'

type Plan = components['schemas']['Plan']
type Subscription = components['schemas']['Subscription']

const usd = (amount_minor: number) => ({ amount_minor, currency: 'USD' })

/** Three plans shaped like the seeded ones (the app reads them as data, never by name). */
export const samplePlans: Plan[] = [
  {
    id: 'free',
    name: 'Free',
    description: 'For one person getting started.',
    team_member_limit: 1,
    prices: { month: usd(0), year: usd(0) },
    features: { paid_bookings: false, webhooks: false, remove_branding: false },
  },
  {
    id: 'starter',
    name: 'Starter',
    description: 'For a small team.',
    team_member_limit: 5,
    prices: { month: usd(1900), year: usd(19000) },
    features: { paid_bookings: true, webhooks: false, remove_branding: false },
  },
  {
    id: 'pro',
    name: 'Pro',
    description: 'For growing businesses.',
    team_member_limit: null,
    prices: { month: usd(4900), year: usd(49000) },
    features: { paid_bookings: true, webhooks: true, remove_branding: true },
  },
]

export function sampleSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    plan_id: 'free',
    plan_name: 'Free',
    status: 'active',
    trial_ends_at: null,
    current_period_end: null,
    cancel_at_period_end: false,
    ...overrides,
  }
}
