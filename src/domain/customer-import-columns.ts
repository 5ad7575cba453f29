/**
 * Which column of a customer file holds what: the headers of the exports salons bring from
 * other tools (Fresha, Square's Customer Directory, Calendly's invitee export, Acuity's client
 * list) and of a plain name/e-mail/phone file, recognised and mapped onto customer fields. The
 * person can change every mapping before anything is sent.
 */

/** A customer field a column can fill, or `ignore`. */
export type ColumnTarget =
  | 'name'
  | 'first_name'
  | 'last_name'
  | 'email'
  | 'phone'
  | 'notes'
  | 'tags'
  | 'marketing_consent'
  | 'ignore'

export const COLUMN_TARGETS: readonly ColumnTarget[] = [
  'name',
  'first_name',
  'last_name',
  'email',
  'phone',
  'notes',
  'tags',
  'marketing_consent',
  'ignore',
]

export const COLUMN_TARGET_LABELS: Record<ColumnTarget, string> = {
  name: 'Full name',
  first_name: 'First name',
  last_name: 'Last name',
  email: 'E-mail',
  phone: 'Phone',
  notes: 'Notes',
  tags: 'Tags',
  marketing_consent: 'Marketing consent',
  ignore: 'Don’t import',
}

/** One chosen target per column, in the file's column order. */
export type ColumnMapping = ColumnTarget[]

// Header spellings per field, most telling first: when two columns could fill a field, the
// one whose header comes earlier here wins (Fresha's "Mobile Number" over its "Telephone").
const HEADER_SPELLINGS: Record<Exclude<ColumnTarget, 'ignore'>, readonly string[]> = {
  name: ['name', 'full name', 'invitee name', 'client name', 'customer name', 'client'],
  first_name: ['first name', 'firstname', 'given name', 'invitee first name', 'forename'],
  last_name: ['last name', 'lastname', 'surname', 'family name', 'invitee last name'],
  email: ['email', 'e mail', 'email address', 'e mail address', 'invitee email', 'mail'],
  phone: [
    'mobile number',
    'mobile',
    'mobile phone',
    'cell phone',
    'cell',
    'phone',
    'phone number',
    'text reminder number',
    'telephone',
    'tel',
    'contact number',
  ],
  notes: ['notes', 'note', 'client notes', 'memo', 'comments', 'comment'],
  tags: ['tags', 'tag', 'groups', 'labels', 'client tags'],
  marketing_consent: [
    'marketing consent',
    'accepts marketing',
    'accepts marketing notifications',
    'email subscription status',
    'email marketing',
    'marketing opt in',
    'newsletter',
  ],
}

/** The tools whose exports are recognised, and a header only that tool's export has. */
export type FileSource = 'fresha' | 'square' | 'calendly' | 'acuity' | 'plain'

export const FILE_SOURCE_NAMES: Record<FileSource, string> = {
  fresha: 'Fresha',
  square: 'Square',
  calendly: 'Calendly',
  acuity: 'Acuity Scheduling',
  plain: 'a plain list',
}

const SOURCE_SIGNATURES: readonly [FileSource, (headers: ReadonlySet<string>) => boolean][] = [
  ['calendly', (h) => h.has('invitee email') || h.has('invitee name')],
  ['square', (h) => h.has('square customer id') || (h.has('surname') && h.has('reference id'))],
  ['fresha', (h) => h.has('mobile number') && (h.has('added') || h.has('client source'))],
  [
    'acuity',
    (h) =>
      h.has('days since last appointment') ||
      (h.size <= 6 &&
        ['first name', 'last name', 'phone', 'email', 'notes'].every((x) => h.has(x))),
  ],
]

/** "E-mail Address " → "e mail address": letter case, punctuation and spacing aside. */
export function normaliseHeader(header: string): string {
  return header
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}

/** The tool a file was exported from, told by its headers; `plain` when none of them. */
export function detectSource(headers: readonly string[]): FileSource {
  const normalised = new Set(headers.map(normaliseHeader))
  return SOURCE_SIGNATURES.find(([, matches]) => matches(normalised))?.[0] ?? 'plain'
}

/**
 * A target for every column from its header: each field goes to the column whose header is
 * its most telling spelling; every other column is ignored. A file with a full name column
 * keeps first and last names too (the server takes the full name when both are there).
 */
export function detectMapping(headers: readonly string[]): ColumnMapping {
  const normalised = headers.map(normaliseHeader)
  const mapping: ColumnMapping = headers.map(() => 'ignore')
  for (const [target, spellings] of Object.entries(HEADER_SPELLINGS) as [
    Exclude<ColumnTarget, 'ignore'>,
    readonly string[],
  ][]) {
    for (const spelling of spellings) {
      const column = normalised.findIndex(
        (header, index) => header === spelling && mapping[index] === 'ignore',
      )
      if (column >= 0) {
        mapping[column] = target
        break
      }
    }
  }
  return mapping
}

/** Why a mapping cannot be imported, or undefined: it needs a name and one field per column. */
export function mappingProblem(mapping: ColumnMapping): string | undefined {
  const chosen = mapping.filter((target) => target !== 'ignore')
  const twice = chosen.find((target, index) => chosen.indexOf(target) !== index)
  if (twice) return `Only one column can be “${COLUMN_TARGET_LABELS[twice]}”.`
  if (!chosen.includes('name') && !chosen.includes('first_name') && !chosen.includes('last_name'))
    return 'Choose the column with the customers’ names (a full name, or first and last names).'
  return undefined
}
