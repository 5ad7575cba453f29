import type Stripe from 'stripe'
import { newId, nowSeconds } from '../ids.ts'

export type ConnectedAccountType = 'express' | 'standard'

export interface AccountInput {
  type: ConnectedAccountType
  country: string
  email: string | null
  businessType: Stripe.Account.BusinessType | null
  defaultCurrency: string | null
  businessProfile: Partial<Stripe.Account.BusinessProfile>
  /** The capabilities asked for with `capabilities[…][requested]=true`. */
  requestedCapabilities: CapabilityName[]
  metadata: Record<string, string>
}

export const capabilityNames = ['card_payments', 'transfers'] as const
export type CapabilityName = (typeof capabilityNames)[number]

/** What Stripe asks a new account for before it can take payments (a representative list). */
export const onboardingRequirements = [
  'business_profile.mcc',
  'business_profile.url',
  'business_type',
  'external_account',
  'individual.first_name',
  'individual.last_name',
  'tos_acceptance.date',
  'tos_acceptance.ip',
]

/** Each country's currency for the countries a test is likely to use. */
const currencyByCountry: Record<string, string> = {
  US: 'usd',
  GB: 'gbp',
  CA: 'cad',
  AU: 'aud',
  CH: 'chf',
  SE: 'sek',
  DK: 'dkk',
  NO: 'nok',
  PL: 'pln',
}

export function defaultCurrencyOf(country: string): string {
  return currencyByCountry[country] ?? 'eur'
}

/** Stripe's requirements hash with these fields due now (and so past due: no deadline). */
export function requirementsDue(
  due: readonly string[],
  disabledReason: Stripe.Account.Requirements.DisabledReason | null,
): Stripe.Account.Requirements {
  return {
    alternatives: [],
    current_deadline: null,
    currently_due: [...due],
    disabled_reason: disabledReason,
    errors: [],
    eventually_due: [...due],
    past_due: [...due],
    pending_verification: [],
  }
}

export function buildAccount(input: AccountInput): Stripe.Account {
  const capabilities: Stripe.Account.Capabilities = {}
  for (const name of input.requestedCapabilities) capabilities[name] = 'inactive'
  return {
    id: newId('acct', 16),
    object: 'account',
    business_profile: {
      annual_revenue: null,
      estimated_worker_count: null,
      mcc: input.businessProfile.mcc ?? null,
      minority_owned_business_designation: null,
      name: input.businessProfile.name ?? null,
      product_description: input.businessProfile.product_description ?? null,
      specified_commercial_transactions_act_url: null,
      support_address: null,
      support_email: input.businessProfile.support_email ?? null,
      support_phone: input.businessProfile.support_phone ?? null,
      support_url: input.businessProfile.support_url ?? null,
      url: input.businessProfile.url ?? null,
    },
    business_type: input.businessType,
    capabilities,
    charges_enabled: false,
    controller: {
      fees: { payer: input.type === 'express' ? 'application_express' : 'account' },
      is_controller: true,
      losses: { payments: input.type === 'express' ? 'application' : 'stripe' },
      requirement_collection: 'stripe',
      stripe_dashboard: { type: input.type === 'express' ? 'express' : 'full' },
      type: 'application',
    },
    country: input.country,
    created: nowSeconds(),
    default_currency: input.defaultCurrency ?? defaultCurrencyOf(input.country),
    details_submitted: false,
    email: input.email,
    external_accounts: {
      object: 'list',
      data: [],
      has_more: false,
      url: '/v1/accounts/external_accounts',
    },
    future_requirements: requirementsDue([], null),
    metadata: input.metadata,
    payouts_enabled: false,
    requirements: requirementsDue(onboardingRequirements, 'requirements.past_due'),
    settings: {
      branding: { icon: null, logo: null, primary_color: null, secondary_color: null },
      card_payments: {
        decline_on: { avs_failure: false, cvc_failure: false },
        statement_descriptor_prefix: null,
        statement_descriptor_prefix_kana: null,
        statement_descriptor_prefix_kanji: null,
      },
      dashboard: { display_name: input.businessProfile.name ?? null, timezone: 'Etc/UTC' },
      payments: {
        statement_descriptor: input.businessProfile.name?.toUpperCase().slice(0, 22) ?? null,
        statement_descriptor_kana: null,
        statement_descriptor_kanji: null,
        statement_descriptor_prefix_kana: null,
        statement_descriptor_prefix_kanji: null,
      },
    },
    tos_acceptance: { date: null, ip: null, user_agent: null },
    type: input.type,
  }
}

export function buildAccountLink(url: string, lifetimeSeconds: number): Stripe.AccountLink {
  const created = nowSeconds()
  return { object: 'account_link', created, expires_at: created + lifetimeSeconds, url }
}
