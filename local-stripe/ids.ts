import { randomBytes } from 'node:crypto'

const base62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/** An id shaped like Stripe's: a prefix, an underscore and 24 random base62 characters. */
export function newId(prefix: string, length = 24): string {
  const bytes = randomBytes(length)
  let suffix = ''
  for (const byte of bytes) suffix += base62[byte % 62]
  return `${prefix}_${suffix}`
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000)
}
