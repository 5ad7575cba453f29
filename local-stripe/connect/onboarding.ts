import type Stripe from 'stripe'
import { changedAttributes } from '../events.ts'
import { nowSeconds } from '../ids.ts'
import { requirementsDue } from '../objects/account.ts'
import type { Scope } from '../scope.ts'

/** The two ways a tester can leave Stripe's hosted onboarding. */
export type OnboardingOutcome = 'complete' | 'details_missing'

/** What Stripe still wants when onboarding is left with the identity check undone. */
export const missingDetails = ['individual.verification.document']

/**
 * Applies what the hosted onboarding collected and emits `account.updated` (a Connect event:
 * it belongs to the connected account, so `scope` is that account's).
 */
export function finishOnboarding(
  scope: Scope,
  account: Stripe.Account,
  outcome: OnboardingOutcome,
): void {
  const before = structuredClone(account)
  const complete = outcome === 'complete'
  account.details_submitted = true
  account.charges_enabled = complete
  account.payouts_enabled = complete
  account.business_type ??= 'individual'
  account.requirements = complete
    ? requirementsDue([], null)
    : requirementsDue(missingDetails, 'requirements.past_due')
  const capabilities: Stripe.Account.Capabilities = {}
  for (const name of Object.keys(account.capabilities ?? {})) {
    capabilities[name as 'card_payments' | 'transfers'] = complete ? 'active' : 'inactive'
  }
  account.capabilities = capabilities
  account.tos_acceptance = { date: nowSeconds(), ip: '127.0.0.1', user_agent: 'local-stripe' }
  scope.emit('account.updated', account, changedAttributes(before, account))
}
