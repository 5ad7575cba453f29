import { randomBytes } from 'node:crypto'

const base32hex = '0123456789abcdefghijklmnopqrstuv'

/** An event id as Google makes them: 26 characters of base32hex (`0-9a-v`). */
export function newEventId(): string {
  return Array.from(randomBytes(26), (byte) => base32hex[byte % 32]).join('')
}

/** Ids a client may choose: base32hex, 5 to 1024 characters (Google's rule for `events.insert`). */
export function isValidEventId(id: string): boolean {
  return /^[0-9a-v]{5,1024}$/.test(id)
}

/** An opaque token with Google's usual prefix (`ya29.` access tokens, `1//` refresh tokens). */
export function newToken(prefix: string): string {
  return `${prefix}${randomBytes(24).toString('base64url')}`
}
