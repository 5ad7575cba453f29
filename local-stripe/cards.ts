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
}

export type CardReading = { card: TestCard } | { error: string }

const acceptedNumbers: Record<string, { declinesCharges: boolean; fingerprint: string }> = {
  '4242424242424242': { declinesCharges: false, fingerprint: 'LocalVisa4242' },
  '4000000000000341': { declinesCharges: true, fingerprint: 'LocalVisa0341' },
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
    },
  }
}
