import type { components } from '../../shared/contract/schema'
import type { BadgeTone } from './billing'

type PaymentAccount = components['schemas']['PaymentAccount']
type PaymentAccountStatus = components['schemas']['PaymentAccountStatus']

/** The badge and the sentence Settings → Payments shows for each status. */
export const PAYMENT_STATUS_TEXT: Record<
  PaymentAccountStatus,
  { label: string; tone: BadgeTone; summary: string }
> = {
  not_connected: {
    label: 'Not connected',
    tone: 'neutral',
    summary: 'Connect your Stripe account to take payments and deposits when customers book.',
  },
  pending: {
    label: 'Setup not finished',
    tone: 'warn',
    summary: 'Your Stripe account is created, but its setup is not finished yet.',
  },
  restricted: {
    label: 'Restricted',
    tone: 'danger',
    summary: 'Stripe does not let your account take payments yet. Continue the setup to fix it.',
  },
  active: {
    label: 'Active',
    tone: 'success',
    summary: 'Your Stripe account can take payments from your customers.',
  },
  disconnected: {
    label: 'Disconnected',
    tone: 'danger',
    summary:
      'Slotwise was disconnected from your Stripe account in Stripe’s dashboard, so customers now book without paying. Connect Stripe again to take payments and deposits at booking.',
  },
}

/** What the owner can do next, or why nothing: the one button of the page. */
export type PaymentAction =
  | { kind: 'connect'; label: 'Connect with Stripe' }
  | { kind: 'continue'; label: 'Continue setup' }
  /** The business disconnected its account in Stripe: connecting again makes a new one. */
  | { kind: 'reconnect'; label: 'Connect Stripe again' }
  | { kind: 'none' }
  | { kind: 'unavailable'; reason: 'plan' | 'server' }

export function paymentAction(account: PaymentAccount): PaymentAction {
  if (account.status === 'active') return { kind: 'none' }
  if (!account.payments_available) return { kind: 'unavailable', reason: 'server' }
  if (!account.plan_allows) return { kind: 'unavailable', reason: 'plan' }
  if (account.status === 'not_connected') return { kind: 'connect', label: 'Connect with Stripe' }
  if (account.status === 'disconnected') return { kind: 'reconnect', label: 'Connect Stripe again' }
  return { kind: 'continue', label: 'Continue setup' }
}

/** The toast after returning from Stripe's onboarding. */
export function returnedMessage(status: PaymentAccountStatus): {
  severity: 'success' | 'warn' | 'info'
  text: string
} {
  switch (status) {
    case 'active':
      return {
        severity: 'success',
        text: 'Your Stripe account is connected and can take payments.',
      }
    case 'restricted':
      return {
        severity: 'warn',
        text: 'Stripe still needs a few details before your account can take payments.',
      }
    case 'pending':
      return { severity: 'info', text: 'Your Stripe setup is not finished yet.' }
    default:
      return { severity: 'info', text: 'Your Stripe account is not connected.' }
  }
}
