/**
 * Stripe's smallest amount a charge may take, by currency (its "minimum and maximum charge
 * amounts" table; 50 of the currency's minor unit for most). A deposit of 20 % on a cheap
 * service can fall under it, and the app must learn that here rather than in production.
 */
const minimums: Record<string, { amount: number; label: string }> = {
  usd: { amount: 50, label: '$0.50 usd' },
  eur: { amount: 50, label: '€0.50 eur' },
  gbp: { amount: 30, label: '£0.30 gbp' },
  chf: { amount: 50, label: 'CHF 0.50 chf' },
  cad: { amount: 50, label: '$0.50 cad' },
  aud: { amount: 50, label: '$0.50 aud' },
  dkk: { amount: 250, label: 'kr 2.50 dkk' },
  nok: { amount: 300, label: 'kr 3.00 nok' },
  sek: { amount: 300, label: 'kr 3.00 sek' },
  pln: { amount: 200, label: 'zł 2.00 pln' },
}

export function minimumCharge(currency: string): { amount: number; label: string } {
  return minimums[currency] ?? { amount: 50, label: `0.50 ${currency}` }
}
