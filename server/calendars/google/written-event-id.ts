const base32hex = '0123456789abcdefghijklmnopqrstuv'

/**
 * The Google event id of the event Slotwise writes for an appointment: its UID in base32hex
 * (RFC 4648 without padding, lower case), the alphabet Google allows for ids a client chooses.
 * The same UID always gives the same id, so a retried insert meets the first one (409).
 */
export function writtenEventId(uid: string): string {
  let bits = 0
  let value = 0
  let id = ''
  for (const byte of new TextEncoder().encode(uid)) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5) {
      id += base32hex[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  if (bits > 0) id += base32hex[(value << (5 - bits)) & 31]
  return id
}
