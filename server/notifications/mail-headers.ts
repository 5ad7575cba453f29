/*
 * What may go into the header of an e-mail we send: exactly one recipient address, a From
 * mailbox, and text (the subject, display names) that stays on its header line. Checked here,
 * at the last step before the wire, whatever the request validation before it let through.
 */

/**
 * An addr-spec with a dot-atom local part and a host name: the grammar of the contract's
 * `format: email` (ajv-formats), which also takes a name of one label such as `localhost`. No
 * space, quote, comma, semicolon, angle bracket or control character can be part of one, so
 * it can neither name a second recipient nor end a header or a calendar property.
 */
const ADDR_SPEC =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i

// RFC 5321's limits: 64 octets of local part, 254 of path (without the angle brackets).
const MAX_LOCAL_PART = 64
const MAX_ADDRESS = 254

// C0 and C1 controls, DEL and the Unicode line and paragraph separators: none belongs on a
// header line (CR and LF would start a new header; the others confuse whatever reads it).
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const HEADER_BREAKERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const ANY_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/

export interface Mailbox {
  /** The display name; empty for none. */
  name: string
  address: string
}

/**
 * The value when it is exactly one e-mail address and nothing else, else null: never a list
 * ("a@x.test, b@y.test"), a display name, a group or a second header smuggled after a line
 * break.
 */
export function singleAddress(value: string | null | undefined): string | null {
  if (typeof value !== 'string' || value.length > MAX_ADDRESS) return null
  if (!ADDR_SPEC.test(value)) return null
  return value.indexOf('@') <= MAX_LOCAL_PART ? value : null
}

/**
 * A From such as `Harbor Street <bookings@example.com>`, `"Harbor Street" <bookings@…>` or a
 * bare address, as one mailbox; null for anything else, a control character anywhere included.
 */
export function parseMailbox(value: string): Mailbox | null {
  if (ANY_CONTROL.test(value)) return null
  const named = /^\s*(?:"([^"\\]*)"|([^<>"]*?))\s*<([^<>]*)>\s*$/.exec(value)
  if (named) {
    const address = singleAddress(named[3])
    return address ? { name: (named[1] ?? named[2] ?? '').trim(), address } : null
  }
  const address = singleAddress(value.trim())
  return address ? { name: '', address } : null
}

/**
 * The no-reply address at the host people open (PUBLIC_URL): the default From, and the
 * organizer of invitations from a business without an e-mail of its own. A host that is no
 * host name (an IPv6 literal) gives `no-reply@localhost` rather than an address that is none.
 */
export function noReplyAddress(publicUrl: string): string {
  return singleAddress(`no-reply@${new URL(publicUrl).hostname}`) ?? 'no-reply@localhost'
}

/**
 * Text for a header (the subject, a display name) on one line: every run of control
 * characters becomes one space. The mail library then encodes anything that is not plain
 * ASCII as RFC 2047 encoded words and folds long lines.
 */
export function headerText(value: string): string {
  return value.replace(HEADER_BREAKERS, ' ').trim()
}
