import type { Ajv2020 } from 'ajv/dist/2020.js'
import type { SchemaValidateFunction } from 'ajv/dist/types/index.js'

/**
 * The contract's marker for text that may span lines (notes, descriptions, a postal address):
 * `x-multiline: true` on a string schema. Every other string is a single line.
 */
export const MULTILINE_MARKER = 'x-multiline'

/** The keyword the validator adds to every string schema; not meant to be written by hand. */
export const PLAIN_TEXT = 'plainText'

type TextKind = 'single-line' | 'multi-line'

// Controls (C0, DEL and C1) other than TAB, LF and CR: never part of text a person typed, and
// NUL is refused outright by PostgreSQL.
const CONTROL_CHARACTER = /(?![\t\n\r])\p{Cc}/u
// TAB, LF, CR and the Unicode line and paragraph separators: fine in a note, not in a name
// that ends up in an e-mail header, a CSV cell or a one-line list.
const LINE_BREAK_OR_TAB = /[\t\n\r\u2028\u2029]/
// In a `u` regular expression a well-formed pair is one code point, so this finds only halves
// of a pair on their own; they cannot be stored as UTF-8 and would silently become U+FFFD.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u

/** Why `text` is not acceptable text of this kind, or undefined when it is. */
export function plainTextProblem(text: string, kind: TextKind): string | undefined {
  if (CONTROL_CHARACTER.test(text)) return 'must not contain control characters'
  if (LONE_SURROGATE.test(text)) return 'must be valid Unicode text'
  if (kind === 'single-line' && LINE_BREAK_OR_TAB.test(text)) {
    return 'must be a single line without tabs or line breaks'
  }
  return undefined
}

/** Registers the `plainText` keyword, which checks string values only. */
export function addPlainTextKeyword(ajv: Ajv2020): Ajv2020 {
  const validate: SchemaValidateFunction = (kind: TextKind, data: string) => {
    const message = plainTextProblem(data, kind)
    validate.errors = message ? [{ keyword: PLAIN_TEXT, message, params: { kind } }] : []
    return message === undefined
  }
  ajv.addKeyword({
    keyword: PLAIN_TEXT,
    type: 'string',
    schemaType: 'string',
    errors: true,
    validate,
  })
  return ajv
}

type SchemaNode = Record<string, unknown>

const SUBSCHEMA_MAPS = ['properties', 'patternProperties', 'dependentSchemas', '$defs']
const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems']
const SUBSCHEMAS = [
  'items',
  'additionalProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'contains',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
]

/**
 * A copy of a request schema in which every schema that accepts a string carries the
 * `plainText` keyword, single-line unless marked `x-multiline`. Doing it here, for every
 * schema the contract gives a request, means no field can be left without the check.
 */
export function withPlainTextChecks<T>(schema: T): T {
  const copy = structuredClone(schema)
  mark(copy, new Set())
  return copy
}

function mark(node: unknown, seen: Set<object>): void {
  if (!isObject(node) || seen.has(node)) return
  seen.add(node)
  if (acceptsStringItself(node)) {
    node[PLAIN_TEXT] = node[MULTILINE_MARKER] === true ? 'multi-line' : 'single-line'
  }
  for (const key of SUBSCHEMA_MAPS) {
    const map = node[key]
    if (isObject(map)) for (const child of Object.values(map)) mark(child, seen)
  }
  for (const key of SUBSCHEMA_LISTS) {
    const list = node[key]
    if (Array.isArray(list)) for (const child of list) mark(child, seen)
  }
  for (const key of SUBSCHEMAS) mark(node[key], seen)
}

/**
 * A schema whose own keywords decide about a string: it says `type: string` (alone or with
 * null), or says no type and does not hand the decision to subschemas or a fixed list.
 */
function acceptsStringItself(node: SchemaNode): boolean {
  const type = node.type
  if (type !== undefined)
    return type === 'string' || (Array.isArray(type) && type.includes('string'))
  const delegates = ['allOf', 'anyOf', 'oneOf', '$ref', 'enum', 'const', 'properties', 'items']
  return !delegates.some((key) => key in node)
}

function isObject(value: unknown): value is SchemaNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
