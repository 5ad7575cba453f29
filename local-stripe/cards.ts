/** How Stripe declines a test card whenever it is used (charged, saved or set up). */
export interface CardDecline {
  code: 'card_declined'
  declineCode: 'generic_decline' | 'insufficient_funds'
  message: string
}

/** A card as typed into a hosted page, after its fields were checked. */
export interface TestCard {
  brand: 'visa'
  last4: string
  expMonth: number
  expYear: number
  name: string
  fingerprint: string
  /** Stripe's 4000 0000 0000 0341 attaches fine and is declined only when charged. */
  declinesCharges: boolean
  /** 4000 0000 0000 0002 and …9995 are declined whenever they are used; null for the others. */
  decline: CardDecline | null
}

export type CardReading = { card: TestCard } | { error: string }

const acceptedNumbers: Record<
  string,
  { declinesCharges: boolean; decline: CardDecline | null; fingerprint: string }
> = {
  '4242424242424242': { declinesCharges: false, decline: null, fingerprint: 'LocalVisa4242' },
  '4000000000000341': { declinesCharges: true, decline: null, fingerprint: 'LocalVisa0341' },
  '4000000000000002': {
    declinesCharges: true,
    decline: {
      code: 'card_declined',
      declineCode: 'generic_decline',
      message: 'Your card was declined.',
    },
    fingerprint: 'LocalVisa0002',
  },
  '4000000000009995': {
    declinesCharges: true,
    decline: {
      code: 'card_declined',
      declineCode: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    },
    fingerprint: 'LocalVisa9995',
  },
}

/** Checks the card fields of a hosted form the way Stripe's Elements would. */
export function readCard(fields: {
  number: string
  expiry: string
  cvc: string
  name: string
}): CardReading {
  const number = fields.number.replace(/[\s-]/g, '')
  const known = acceptedNumbers[number]
  if (!known) return { error: 'Your card number is incorrect.' }
  const expiry = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(fields.expiry.trim())
  const month = Number(expiry?.[1])
  const year = expiry?.[2]?.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry?.[2])
  if (!expiry || month < 1 || month > 12) {
    return { error: "Your card's expiration date is incomplete." }
  }
  const now = new Date()
  if (
    year < now.getUTCFullYear() ||
    (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)
  ) {
    return { error: "Your card's expiration year is in the past." }
  }
  if (!/^\d{3,4}$/.test(fields.cvc.trim())) {
    return { error: "Your card's security code is incomplete." }
  }
  if (!fields.name.trim()) return { error: 'Enter the name on your card.' }
  return {
    card: {
      brand: 'visa',
      last4: number.slice(-4),
      expMonth: month,
      expYear: year,
      name: fields.name.trim(),
      fingerprint: known.fingerprint,
      declinesCharges: known.declinesCharges,
      decline: known.decline,
    },
  }
}
