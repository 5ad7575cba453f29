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
