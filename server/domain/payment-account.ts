/**
 * A business's own Stripe account (Stripe Connect), as Settings → Payments explains it: how it
 * stands, and what Stripe still asks for in words an owner understands. Pure; the gateway reads
 * Stripe's account into these inputs, the service stores and shows them.
 */

/** How Stripe's account stands, as read from it. */
export type ConnectedAccountStatus = 'pending' | 'active' | 'restricted'
/**
 * Stored for a business that has an account; "not connected" is the absence of one.
 * `disconnected`: the business removed Slotwise from its Stripe dashboard
 * (`account.application.deauthorized`). Stripe no longer lets us read or charge that account,
 * so nothing re-reads it: only connecting again (a new account) changes it.
 */
export type StoredAccountStatus = ConnectedAccountStatus | 'disconnected'
export type PaymentAccountStatus = 'not_connected' | StoredAccountStatus

/**
 * Charges on is what lets a booking be paid: that is `active`, whatever else Stripe will ask
 * for later. Without charges, an owner who has not finished onboarding is `pending`; one who
 * finished it and is still refused (something missing, under review, rejected) is `restricted`.
 */
export function connectedAccountStatus(account: {
  chargesEnabled: boolean
  detailsSubmitted: boolean
}): ConnectedAccountStatus {
  if (account.chargesEnabled) return 'active'
  return account.detailsSubmitted ? 'restricted' : 'pending'
}

/** One thing Stripe needs, in plain words, with the requirement names it stands for. */
export interface MissingItem {
  codes: string[]
  text: string
}

/**
 * Stripe's requirement names (`individual.verification.document`, `tos_acceptance.ip` …) by
 * their most specific known prefix. Several names become one item ("Accepting Stripe's terms"
 * covers the date and the address it was accepted from).
 */
const REQUIREMENT_WORDS: readonly [prefix: string, text: string][] = [
  ['individual.verification.additional_document', 'A second identity document (proof of address)'],
  ['individual.verification.document', 'An identity document (passport, ID card or licence)'],
  ['individual.verification', 'Proof of your identity'],
  ['individual.first_name', 'Your first and last name'],
  ['individual.last_name', 'Your first and last name'],
  ['individual.dob', 'Your date of birth'],
  ['individual.address', 'Your home address'],
  ['individual.email', 'Your e-mail address'],
  ['individual.phone', 'Your phone number'],
  ['individual.ssn_last_4', 'Your tax or ID number'],
  ['individual.id_number', 'Your tax or ID number'],
  ['individual', 'Your personal details'],
  ['representative', 'Details of the person representing the business'],
  ['owners', 'Details of the business’s owners'],
  ['directors', 'Details of the business’s directors'],
  ['executives', 'Details of the business’s executives'],
  ['company.verification.document', 'A document proving the business is registered'],
  ['company.tax_id', 'The business’s tax ID'],
  ['company.address', 'The business’s address'],
  ['company.name', 'The business’s legal name'],
  ['company.phone', 'The business’s phone number'],
  ['company', 'Details of the business'],
  ['business_profile.mcc', 'What kind of business you run (its category)'],
  ['business_profile.url', 'Your business’s website or a description of what you sell'],
  [
    'business_profile.product_description',
    'Your business’s website or a description of what you sell',
  ],
  ['business_profile', 'Your business profile'],
  ['business_type', 'Whether you are an individual or a company'],
  ['external_account', 'A bank account for payouts'],
  ['tos_acceptance', 'Accepting Stripe’s terms of service'],
  ['settings.payments.statement_descriptor', 'The name shown on your customers’ card statements'],
]

/**
 * What Stripe still needs, each item once, in Stripe's order. A name no rule knows is still
 * shown, made readable ("some_field.other" → "Some field: other"), never dropped.
 */
export function missingItems(codes: readonly string[]): MissingItem[] {
  const items: MissingItem[] = []
  for (const code of codes) {
    const text = requirementText(code)
    const same = items.find((item) => item.text === text)
    if (same) {
      if (!same.codes.includes(code)) same.codes.push(code)
    } else {
      items.push({ codes: [code], text })
    }
  }
  return items
}

function requirementText(code: string): string {
  // Names under a person or owner carry its id: `person_1Abc.verification.document`.
  const general = code.replace(/^person_[A-Za-z0-9]+\./, 'representative.')
  const known = REQUIREMENT_WORDS.find(
    ([prefix]) => general === prefix || general.startsWith(`${prefix}.`),
  )
  if (known) return known[1]
  const words = general.replaceAll('_', ' ').split('.')
  const first = words[0] ?? general
  const sentence = first.charAt(0).toUpperCase() + first.slice(1)
  return words.length > 1 ? `${sentence}: ${words.slice(1).join(', ')}` : sentence
}
