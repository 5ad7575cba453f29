import type { components } from '../../shared/contract/schema'
import { unwrap } from './api-error'
import { api } from './client'

export type PaymentAccount = components['schemas']['PaymentAccount']
export type PaymentAccountStatus = components['schemas']['PaymentAccountStatus']

/** Where the business's Stripe account stands, as last synced (owners). */
export async function loadPaymentAccount(): Promise<PaymentAccount> {
  return unwrap(await api.GET('/api/v1/payments/account'))
}

/** Re-reads the account from Stripe: the owner is back from onboarding. */
export async function syncPaymentAccount(): Promise<PaymentAccount> {
  return unwrap(await api.POST('/api/v1/payments/account/sync'))
}

/** A fresh link to Stripe's onboarding (the account is created the first time). */
export async function createPaymentOnboardingLink(): Promise<string> {
  return unwrap(await api.POST('/api/v1/payments/account/onboarding-links')).url
}

export type PaymentSettings = components['schemas']['PaymentSettings']

/** How long a paid booking holds its time while the customer pays (owners). */
export async function loadPaymentSettings(): Promise<PaymentSettings> {
  return unwrap(await api.GET('/api/v1/settings/payments'))
}

export async function savePaymentSettings(settings: PaymentSettings): Promise<PaymentSettings> {
  return unwrap(await api.PUT('/api/v1/settings/payments', { body: settings }))
}
