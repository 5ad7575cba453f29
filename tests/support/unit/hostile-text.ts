import fc from 'fast-check'

/**
 * Characters that end or split an e-mail header, a calendar content line or a CSV cell, start
 * a spreadsheet formula, or are multi-byte in UTF-8 — with a few plain letters between them.
 */
export const HOSTILE_CHARACTERS = [
  '\r',
  '\n',
  '\r\n',
  '\t',
  '\u0000',
  '\u0007',
  '\u000b',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u2028',
  ',',
  ';',
  ':',
  '"',
  "'",
  '\\',
  '^',
  '<',
  '>',
  '@',
  '=',
  '+',
  '-',
  '\uff1d',
  ' ',
  'a',
  'Z',
  '7',
  'é',
  '日',
  '😀',
  '\ud800',
]

/** Text made mostly of hostile characters, or of any code points at all. */
export function hostileText(maxLength = 40): fc.Arbitrary<string> {
  return fc.oneof(
    {
      arbitrary: fc.string({ unit: fc.constantFrom(...HOSTILE_CHARACTERS), maxLength }),
      weight: 3,
    },
    { arbitrary: fc.string({ unit: 'binary', maxLength }), weight: 1 },
  )
}

// What each format should make of such text, stated apart from the encoders under test.

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const NOT_IN_ICS_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const NOT_IN_ICS_PARAMETER = /[\u0000-\u001f\u007f]+/g
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const NOT_IN_HEADER_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g

/** Text as UTF-8 carries it: a lone surrogate (no character at all) becomes U+FFFD. */
export const asUtf8 = (value: string) => Buffer.from(value, 'utf8').toString('utf8')

/** A calendar TEXT value as read back: the controls TEXT may not hold gone, breaks as LF. */
export const asIcsText = (value: string) =>
  value.replace(NOT_IN_ICS_TEXT, '').replace(/\r\n?/g, '\n')

/** A calendar parameter value (CN) as read back: no quote or backslash, controls one space. */
export const asIcsParameter = (value: string) =>
  value.replace(/["\\]/g, '').replace(NOT_IN_ICS_PARAMETER, ' ')

/** An e-mail header's text as decoded: each run of controls one space, trimmed. */
export const asHeaderLine = (value: string) => asUtf8(value).replace(NOT_IN_HEADER_LINE, ' ').trim()

/** Room for a property test's hundreds of runs on a busy machine (Vitest's default is 5 s). */
export const PROPERTY_TIMEOUT_MS = 30_000
