import { type CardReading, readCard } from '../cards.ts'
import type { FormObject } from '../form-decoding.ts'
import { escapeHtml } from './layout.ts'

/** The field names of every card form, so an end-to-end test can fill them by name or label. */
export const cardFieldNames = {
  number: 'card_number',
  expiry: 'card_expiry',
  cvc: 'card_cvc',
  name: 'cardholder_name',
} as const

export function formText(form: FormObject, name: string): string {
  const value = form[name]
  return typeof value === 'string' ? value : ''
}

export function readCardForm(form: FormObject): CardReading {
  return readCard({
    number: formText(form, cardFieldNames.number),
    expiry: formText(form, cardFieldNames.expiry),
    cvc: formText(form, cardFieldNames.cvc),
    name: formText(form, cardFieldNames.name),
  })
}

const subscriptionNote =
  'Test mode: 4242 4242 4242 4242 pays; 4000 0000 0000 0341 is declined when charged.'

/** Card inputs with labels; the typed name and expiry come back after an error, never the number. */
export function cardFields(form: FormObject = {}, note = subscriptionNote): string {
  return `
<label for="card_number">Card number</label>
<input id="card_number" name="${cardFieldNames.number}" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required>
<div class="row">
<div>
<label for="card_expiry">Expiry date (MM / YY)</label>
<input id="card_expiry" name="${cardFieldNames.expiry}" autocomplete="cc-exp" placeholder="MM / YY" value="${escapeHtml(formText(form, cardFieldNames.expiry))}" required>
</div>
<div>
<label for="card_cvc">CVC</label>
<input id="card_cvc" name="${cardFieldNames.cvc}" inputmode="numeric" autocomplete="cc-csc" placeholder="123" required>
</div>
</div>
<label for="cardholder_name">Name on card</label>
<input id="cardholder_name" name="${cardFieldNames.name}" autocomplete="cc-name" value="${escapeHtml(formText(form, cardFieldNames.name))}" required>
<p class="test-note">${escapeHtml(note)}</p>`
}

export function errorAlert(message: string | undefined): string {
  return message ? `<p role="alert">${escapeHtml(message)}</p>` : ''
}
