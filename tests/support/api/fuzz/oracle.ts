import type { Schema } from '../contract.ts'

/**
 * Whether a value keeps the contract, decided apart from the server's validator so a request
 * the generator calls invalid is invalid by the contract's words, not by the code under test.
 * 'unknown' where this small reading of JSON Schema cannot be sure (then nothing is asserted
 * beyond "no 5xx").
 */
export type Verdict = 'valid' | 'invalid' | 'unknown'

/** A JSON number written as is (1e400, -0, 1.0), which JSON.stringify could not produce. */
export class RawNumber {
  constructor(readonly text: string) {}
  get value(): number {
    return JSON.parse(this.text) as number
  }
}

export const EARLIEST_YEAR = 1900
export const LATEST_YEAR = 2200

export function combine(verdicts: Verdict[]): Verdict {
  if (verdicts.includes('invalid')) return 'invalid'
  return verdicts.includes('unknown') ? 'unknown' : 'valid'
}

/** A JSON body (or part of one) against its schema. */
export function jsonVerdict(schema: Schema, value: unknown): Verdict {
  if (schema.oneOf || schema.anyOf) {
    const branches = (schema.oneOf ?? schema.anyOf ?? []).map((branch) =>
      jsonVerdict(branch, value),
    )
    if (branches.every((verdict) => verdict === 'invalid')) return 'invalid'
    return branches.filter((verdict) => verdict === 'valid').length === 1 ? 'valid' : 'unknown'
  }
  const actual = value instanceof RawNumber ? value.value : value
  if (!typeAllows(schema, actual)) return 'invalid'
  if (schema.enum && !schema.enum.some((option) => option === actual)) return 'invalid'
  if (typeof actual === 'string') return stringVerdict(schema, actual)
  if (typeof actual === 'number') return numberVerdict(schema, actual)
  if (Array.isArray(actual)) return arrayVerdict(schema, actual)
  if (actual !== null && typeof actual === 'object') {
    return objectVerdict(schema, actual as Record<string, unknown>)
  }
  return 'valid'
}

/**
 * A query, path or header value, which arrives as text: numbers and booleans are read from
 * it the way the server's validator coerces them, arrays are split at commas.
 */
export function textVerdict(schema: Schema, text: string): Verdict {
  const types = typesOf(schema)
  if (types.includes('array') && schema.items) {
    const items = text.split(',')
    if (schema.maxItems !== undefined && items.length > schema.maxItems) return 'invalid'
    return combine(items.map((item) => textVerdict(schema.items as Schema, item)))
  }
  if (types.length === 0 || types.includes('string')) return jsonVerdict(schema, text)
  if (types.includes('integer') || types.includes('number')) {
    // The validator coerces only text that reads as a number; blanks around it are unclear.
    if (text.trim() !== text) return 'unknown'
    const number = text === '' ? Number.NaN : Number(text)
    return Number.isNaN(number) ? 'invalid' : numberVerdict(schema, number)
  }
  if (types.includes('boolean')) return text === 'true' || text === 'false' ? 'valid' : 'invalid'
  return 'unknown'
}

function typesOf(schema: Schema): string[] {
  return schema.type === undefined ? [] : [schema.type].flat()
}

function typeAllows(schema: Schema, value: unknown): boolean {
  const types = typesOf(schema)
  if (types.length === 0) return true
  return types.some((type) => {
    switch (type) {
      case 'null':
        return value === null
      case 'string':
        return typeof value === 'string'
      case 'boolean':
        return typeof value === 'boolean'
      case 'integer':
        return typeof value === 'number' && Number.isInteger(value)
      case 'number':
        return typeof value === 'number'
      case 'array':
        return Array.isArray(value)
      case 'object':
        return typeof value === 'object' && value !== null && !Array.isArray(value)
      default:
        return false
    }
  })
}

function numberVerdict(schema: Schema, value: number): Verdict {
  if (!Number.isFinite(value)) return 'invalid'
  if (typesOf(schema).includes('integer') && !Number.isInteger(value)) {
    return typesOf(schema).includes('number') ? 'valid' : 'invalid'
  }
  if (schema.minimum !== undefined && value < schema.minimum) return 'invalid'
  if (schema.maximum !== undefined && value > schema.maximum) return 'invalid'
  return 'valid'
}

function arrayVerdict(schema: Schema, items: unknown[]): Verdict {
  if (schema.minItems !== undefined && items.length < schema.minItems) return 'invalid'
  if (schema.maxItems !== undefined && items.length > schema.maxItems) return 'invalid'
  if (schema.uniqueItems) {
    const seen = new Set(items.map((item) => JSON.stringify(item)))
    if (seen.size < items.length) return 'invalid'
  }
  return combine(items.map((item) => (schema.items ? jsonVerdict(schema.items, item) : 'valid')))
}

function objectVerdict(schema: Schema, value: Record<string, unknown>): Verdict {
  const properties = schema.properties ?? {}
  const verdicts: Verdict[] = []
  for (const name of schema.required ?? []) {
    if (!(name in value) && properties[name]?.default === undefined) return 'invalid'
  }
  const closed = schema.additionalProperties === false || schema.unevaluatedProperties === false
  for (const [name, item] of Object.entries(value)) {
    const property = properties[name]
    if (property) verdicts.push(jsonVerdict(property, item))
    else if (closed) return 'invalid'
  }
  if (schema.minProperties !== undefined && Object.keys(value).length < schema.minProperties) {
    return 'invalid'
  }
  return combine(verdicts)
}

function stringVerdict(schema: Schema, text: string): Verdict {
  const codePoints = [...text]
  if (codePoints.some((character) => isControl(character))) return 'invalid'
  if (codePoints.some((character) => isLoneSurrogate(character))) return 'invalid'
  if (!schema['x-multiline'] && codePoints.some((character) => isLineBreakOrTab(character))) {
    return 'invalid'
  }
  if (schema.minLength !== undefined && codePoints.length < schema.minLength) return 'invalid'
  if (schema.maxLength !== undefined && codePoints.length > schema.maxLength) return 'invalid'
  if (schema.pattern && !new RegExp(schema.pattern, 'u').test(text)) return 'invalid'
  return schema.format ? formatVerdict(schema.format, text) : 'valid'
}

function isControl(character: string): boolean {
  const code = character.codePointAt(0) ?? 0
  const allowedInText = code === 0x09 || code === 0x0a || code === 0x0d
  return (code < 0x20 && !allowedInText) || (code >= 0x7f && code <= 0x9f)
}

function isLineBreakOrTab(character: string): boolean {
  return ['\t', '\n', '\r', '\u2028', '\u2029'].includes(character)
}

function isLoneSurrogate(character: string): boolean {
  const code = character.codePointAt(0) ?? 0
  return code >= 0xd800 && code <= 0xdfff
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-](\d{2}):(\d{2}))$/

/**
 * Formats the generator uses: it is sure about what is plainly not a UUID, date, date-time or
 * time zone, and leaves the fine print of e-mail and URI syntax to the server.
 */
function formatVerdict(format: string, text: string): Verdict {
  switch (format) {
    case 'uuid':
      return UUID.test(text) ? 'valid' : 'invalid'
    case 'date':
      return dateVerdict(text)
    case 'date-time':
      return dateTimeVerdict(text)
    case 'time-zone':
      return /^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(text) ? 'unknown' : 'invalid'
    case 'email':
      return /^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i.test(text) ? 'unknown' : 'invalid'
    case 'uri':
      return /^[a-z][a-z0-9+.-]*:\S*$/i.test(text) ? 'unknown' : 'invalid'
    default:
      return 'unknown'
  }
}

function dateVerdict(text: string): Verdict {
  const match = DATE.exec(text)
  if (!match) return 'invalid'
  const [year, month, day] = match.slice(1, 4).map(Number) as [number, number, number]
  return yearOk(year) && isCalendarDay(year, month, day) ? 'valid' : 'invalid'
}

function dateTimeVerdict(text: string): Verdict {
  const match = DATE_TIME.exec(text)
  if (!match) return 'invalid'
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as number[]
  const offsetHours = match[9] === undefined ? 0 : Number(match[9])
  const offsetMinutes = match[10] === undefined ? 0 : Number(match[10])
  if (!yearOk(year as number) || !isCalendarDay(year as number, month as number, day as number)) {
    return 'invalid'
  }
  if ((hour as number) > 23 || (minute as number) > 59) return 'invalid'
  if (offsetHours > 23 || offsetMinutes > 59) return 'invalid'
  // A leap second is RFC 3339, but not something the server can compute with.
  return (second as number) > 59 ? 'invalid' : 'valid'
}

function yearOk(year: number): boolean {
  return year >= EARLIEST_YEAR && year <= LATEST_YEAR
}

function isCalendarDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate()
}
