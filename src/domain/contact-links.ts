/*
 * Links that hand a client's phone number or e-mail address to the device: a tap calls or
 * writes. What people type is not what the schemes want, so both are made safe here.
 */

/** `tel:` wants the digits (and a leading +) only; typed numbers have spaces, dashes, brackets. */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^0-9]/g, '')
  return `tel:${phone.trim().startsWith('+') ? '+' : ''}${digits}`
}

/** `mailto:` with the address percent-encoded, so nothing in it can add a subject or a body. */
export function mailtoHref(email: string): string {
  return `mailto:${encodeURIComponent(email.trim()).replace('%40', '@')}`
}
