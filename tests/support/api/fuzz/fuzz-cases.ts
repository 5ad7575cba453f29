import type { InjectOptions } from 'fastify'
import Stripe from 'stripe'
import type { Operation, Parameter, Schema } from '../contract.ts'
import { FUZZ_LOGO, type FuzzWorld } from './fuzz-world.ts'
import {
  extremeDates,
  extremeDateTimes,
  extremeNumbers,
  extremeNumberTexts,
  hostileStrings,
  longStrings,
} from './hostile-values.ts'
import { combine, jsonVerdict, RawNumber, textVerdict, type Verdict } from './oracle.ts'
import { Random } from './random.ts'
import { SIGN_THE_BODY, ValidValues, type Where } from './valid-values.ts'

/** The webhook secret of the fuzz suite's app, so its valid webhook requests are signed. */
export const FUZZ_WEBHOOK_SECRET = 'whsec_fuzz_suite'

export type CaseKind = 'valid' | 'invalid' | 'hostile' | 'extreme' | 'auth' | 'media'

/** One generated request and what the contract says of it. */
export interface FuzzCase {
  kind: CaseKind
  /** What the generator did, for the failure message. */
  label: string
  request: InjectOptions
  /** 'invalid': the contract refuses it, so the server must answer 4xx. */
  verdict: Verdict
  /** The field the generator changed, as the server names it (`body.customer.email`). */
  field?: string
}

/** How many requests of each kind every operation gets (credentials and media types on top). */
export const casesPerKind = { valid: 24, invalid: 32, hostile: 32, extreme: 12 }

type Credentials = 'user' | 'none' | { authorization: string }

/** A request before it is written as HTTP: text parameters and a JSON body. */
interface Draft {
  path: Record<string, string>
  query: Record<string, string>
  headers: Record<string, string>
  /** Absent: no body is sent. */
  body?: { value: unknown }
  credentials: Credentials
  /** Set for the wrong-media-type cases: the body as sent, with this Content-Type (or none). */
  media?: { contentType: string | undefined; payload: string }
  /** A file body (the logo upload): a valid file in the operation's first media type. */
  file?: { contentType: string; payload: Buffer }
}

/** An operation whose body is a file, not JSON (the logo upload). */
function takesFile(operation: Operation): boolean {
  return operation.body?.mediaTypes[0]?.startsWith('image/') ?? false
}

/** A place a value can be changed: a parameter, or a field (at any depth) of the body. */
interface Slot {
  where: Where
  name: string
  /** Inside the body: the keys from its root. */
  trail: (string | number)[]
  schema: Schema
  required: boolean
}

const PLACEHOLDER = '@@raw-number@@'

/**
 * The requests the fuzzer sends to one operation: valid ones, ones broken on purpose (wrong
 * type, missing, unknown, out of range, a body that is not JSON), hostile strings in each
 * text field, extreme numbers and dates, and missing or bad credentials.
 */
export function casesFor(operation: Operation, world: FuzzWorld, userToken: string): FuzzCase[] {
  const { baseline, add, cases, random } = caseMaker(operation, world, userToken, 'contract')

  for (let i = 0; i < casesPerKind.valid; i++) {
    const draft = baseline()
    // Parameters the contract does not name are ignored, whatever they hold.
    if (i % 3 === 2) draft.query[`zz_extra_${i}`] = hostileStrings[i % hostileStrings.length] ?? ''
    add('valid', i % 3 === 2 ? 'valid, with an unknown query parameter' : 'valid', draft)
  }

  const slots = slotsOf(operation, baseline())
  const brokenOnPurpose = spread(
    slots.flatMap((slot) => invalidValues(slot).map((value) => ({ slot, value }))),
    casesPerKind.invalid,
  )
  for (let i = 0; i < casesPerKind.invalid; i++) {
    const mutation = brokenOnPurpose[i]
    const draft = baseline()
    if (!mutation) {
      const structural = bodyMutation(operation, draft, i)
      if (structural) add('invalid', structural, draft)
      else add('valid', 'valid (nothing to break)', draft)
      continue
    }
    const { label, field } = mutate(draft, mutation.slot, mutation.value)
    add('invalid', label, draft, field)
  }
  if (operation.body) {
    for (const [i, form] of ['not an object', 'bad JSON', 'empty JSON'].entries()) {
      const draft = baseline()
      add('invalid', bodyMutation(operation, draft, i, form) ?? form, draft)
    }
  }

  // A NUL in every text field first (what the outside tester found), then the other hostile
  // strings in turn, from a place of the operation's own so that all are sent across the
  // contract.
  const textSlots = slots.filter((slot) => acceptsText(slot))
  const start = random.int(0, hostileStrings.length - 1)
  const hostilePlan = [
    ...textSlots.map((slot) => ({ slot, hostile: 'a\u0000b' })),
    ...Array.from({ length: casesPerKind.hostile }, (_, i) => ({
      slot: textSlots[i % Math.max(textSlots.length, 1)],
      hostile: hostileStrings[(start + i) % hostileStrings.length] ?? '',
    })),
  ].slice(0, casesPerKind.hostile)
  for (const { slot, hostile } of hostilePlan) {
    const draft = baseline()
    if (!slot || !canCarry(slot, hostile)) {
      draft.query.zz_hostile = hostile
      add('hostile', `hostile text ${JSON.stringify(hostile)} in an unknown query parameter`, draft)
      continue
    }
    const { label, field } = mutate(draft, slot, hostile)
    add('hostile', label, draft, field)
  }

  const extremes = spread(
    slots.flatMap((slot) => extremeValues(slot).map((value) => ({ slot, value }))),
    casesPerKind.extreme,
  )
  for (let i = 0; i < casesPerKind.extreme; i++) {
    const draft = baseline()
    const extreme = extremes[i]
    if (!extreme) {
      draft.query.zz_long = 'x'.repeat(10_000)
      add('extreme', 'a 10,000-character unknown query parameter', draft)
      continue
    }
    const { label, field } = mutate(draft, extreme.slot, extreme.value)
    add('extreme', label, draft, field)
  }

  if (operation.secured) {
    const wrongCredentials: [string, Credentials][] = [
      ['no Authorization header', 'none'],
      ['a token that is not a JWT', { authorization: 'Bearer not-a-token' }],
      ['Basic credentials', { authorization: 'Basic dXNlcjpwYXNz' }],
    ]
    for (const [label, credentials] of wrongCredentials) {
      add('auth', label, { ...baseline(), credentials })
    }
  }
  return cases
}

/** A valid body, twice over, as text/plain, problem+json, a form, and with no media type. */
export function mediaCasesFor(
  operation: Operation,
  world: FuzzWorld,
  userToken: string,
): FuzzCase[] {
  const { baseline, add, cases } = caseMaker(operation, world, userToken, 'media')
  if (!operation.body) return cases
  for (let i = 0; i < 2; i++) {
    for (const contentType of [
      'text/plain',
      'application/problem+json',
      'application/x-www-form-urlencoded',
      undefined,
    ]) {
      const draft = baseline()
      const json = serializeJson(draft.body?.value ?? {})
      const payload = contentType?.includes('form') ? formEncoded(draft.body?.value) : json
      draft.media = { contentType, payload }
      add('media', `a valid body sent as ${contentType ?? 'no media type'}`, draft)
    }
  }
  return cases
}

/** A seeded source of valid drafts for the operation, and a list to add finished cases to. */
function caseMaker(operation: Operation, world: FuzzWorld, userToken: string, stream: string) {
  const random = new Random(`slotwise-fuzz:${stream}:${operation.id}`)
  const values = new ValidValues(random, world, operation)
  const cases: FuzzCase[] = []
  return {
    cases,
    random,
    baseline: () => validDraft(operation, values, random),
    add(kind: CaseKind, label: string, draft: Draft, field?: string) {
      cases.push({
        kind,
        label,
        request: toRequest(operation, draft, userToken),
        verdict: verdictOf(operation, draft),
        ...(field === undefined ? {} : { field }),
      })
    },
  }
}

/** `count` of the items, spread evenly over the list (each several times when it is short). */
function spread<T>(items: readonly T[], count: number): T[] {
  if (items.length === 0) return []
  return Array.from({ length: count }, (_, i) => items[Math.floor((i * items.length) / count)] as T)
}

function validDraft(operation: Operation, values: ValidValues, random: Random): Draft {
  const draft: Draft = { path: {}, query: {}, headers: {}, credentials: 'user' }
  const generated: Record<string, unknown> = {}
  for (const parameter of operation.parameters) {
    const include =
      parameter.in === 'path' ||
      parameter.required ||
      values.alwaysSends(parameter.name) ||
      random.chance(0.6)
    if (!include) continue
    const value = values.of(parameter.schema, parameter.in, parameter.name, generated)
    if (value === undefined || value === null) continue
    generated[parameter.name] = value
    draft[partOf(parameter)][parameter.name] = Array.isArray(value)
      ? value.join(',')
      : String(value)
  }
  if (takesFile(operation)) draft.file = { contentType: 'image/png', payload: FUZZ_LOGO }
  else if (operation.body) draft.body = { value: values.object(operation.body.schema, 'body') }
  return draft
}

function partOf(parameter: Parameter): 'path' | 'query' | 'headers' {
  return parameter.in === 'header' ? 'headers' : parameter.in
}

function slotsOf(operation: Operation, draft: Draft): Slot[] {
  const slots: Slot[] = operation.parameters.map((parameter) => ({
    where: parameter.in,
    name: parameter.name,
    trail: [],
    schema: parameter.schema,
    required: parameter.required,
  }))
  const walk = (schema: Schema, value: unknown, trail: (string | number)[], depth: number) => {
    if (depth > 4) return
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      const inner = (value as Record<string, unknown> | undefined)?.[name]
      slots.push({
        where: 'body',
        name,
        trail: [...trail, name],
        schema: property,
        required: schema.required?.includes(name) ?? false,
      })
      if (inner && typeof inner === 'object' && !Array.isArray(inner)) {
        walk(property, inner, [...trail, name], depth + 1)
      }
      if (Array.isArray(inner) && inner.length > 0 && property.items) {
        slots.push({
          where: 'body',
          name,
          trail: [...trail, name, 0],
          schema: property.items,
          required: false,
        })
        if (typeof inner[0] === 'object')
          walk(property.items, inner[0], [...trail, name, 0], depth + 1)
      }
    }
  }
  if (operation.body && draft.body) walk(operation.body.schema, draft.body.value, [], 0)
  return slots
}

/** Values the slot's schema refuses: another type, out of range, not in the format. */
function invalidValues(slot: Slot): unknown[] {
  const { schema } = slot
  const types = schema.type === undefined ? [] : [schema.type].flat()
  const values: unknown[] = []
  if (slot.required && slot.where !== 'path' && schema.default === undefined) values.push(MISSING)
  if (slot.where === 'body') {
    values.push(
      ...[42, true, 'text', { a: 1 }, ['x'], null]
        .filter((value) => jsonVerdict(schema, value) === 'invalid')
        .slice(0, 3),
    )
    if (
      types.includes('object') &&
      (schema.additionalProperties === false || schema.unevaluatedProperties === false)
    ) {
      values.push(UNKNOWN_FIELD)
    }
  } else {
    values.push(
      ...['not-a-number', 'maybe', 'zz!']
        .filter((text) => textVerdict(schema, text) === 'invalid')
        .slice(0, 2),
    )
  }
  if (schema.enum) values.push('not-an-option')
  if (schema.minimum !== undefined) values.push(textOrNumber(slot, schema.minimum - 1))
  if (schema.maximum !== undefined) values.push(textOrNumber(slot, schema.maximum + 1))
  if (types.includes('integer')) values.push(textOrNumber(slot, 1.5))
  if (schema.maxLength !== undefined) values.push('x'.repeat(schema.maxLength + 1))
  if ((schema.minLength ?? 0) > 0 && slot.where !== 'path') values.push('')
  if (schema.maxItems !== undefined && slot.where === 'body') {
    values.push(Array.from({ length: schema.maxItems + 1 }, (_, i) => `item-${i}`))
  }
  if (schema.uniqueItems && slot.where === 'body') values.push(['same', 'same'])
  const formats: Record<string, string[]> = {
    uuid: ['not-a-uuid', '00000000-0000-4000-8000-00000000000g'],
    date: ['2026-02-30', '9999-12-31'],
    'date-time': ['0000-01-01T00:00:00Z', '2026-03-01T09:00:00'],
    email: ['not-an-email', 'two@@at.example'],
    'time-zone': ['Mars/Olympus', 'europe/berlin'],
    uri: ['not a uri'],
  }
  values.push(...(formats[schema.format ?? ''] ?? []))
  return values.filter((value) => verdictOfValue(slot, value) === 'invalid')
}

function extremeValues(slot: Slot): unknown[] {
  const { schema } = slot
  // The activity log's cursor is opaque, but a client can forge one around any instant.
  if (slot.name === 'cursor') return extremeDateTimes.map((instant) => forgedCursor(instant))
  const types = schema.type === undefined ? [] : [schema.type].flat()
  if (types.includes('integer') || types.includes('number')) {
    return slot.where === 'body'
      ? extremeNumbers(schema.minimum, schema.maximum)
      : extremeNumberTexts(schema.minimum, schema.maximum)
  }
  if (schema.format === 'date') return [...extremeDates]
  if (schema.format === 'date-time') return [...extremeDateTimes]
  if (types.includes('string') && !schema.format && slot.where === 'body') {
    return longStrings(schema.maxLength)
  }
  return []
}

function forgedCursor(instant: string): string {
  const id = '00000000-0000-4000-8000-000000000000'
  return Buffer.from(JSON.stringify([instant, id]), 'utf8').toString('base64url')
}

function textOrNumber(slot: Slot, value: number): unknown {
  return slot.where === 'body' ? value : String(value)
}

const MISSING = Symbol('missing')
const UNKNOWN_FIELD = Symbol('unknown field')

/**
 * Puts the value in the slot; the field is named only when the value itself breaks the
 * contract (then a 400 must name it), not when the request is refused for something else.
 */
function mutate(draft: Draft, slot: Slot, value: unknown): { label: string; field?: string } {
  const label = applyMutation(draft, slot, value)
  return verdictOfValue(slot, value) === 'invalid' ? { label, field: fieldName(slot) } : { label }
}

function applyMutation(draft: Draft, slot: Slot, value: unknown): string {
  const field = fieldName(slot)
  if (slot.where !== 'body') {
    const part = slot.where === 'header' ? draft.headers : draft[slot.where]
    if (value === MISSING) {
      delete part[slot.name]
      return `${field} left out`
    }
    part[slot.name] = String(value)
    return `${field} = ${shown(value)}`
  }
  if (!draft.body) draft.body = { value: {} }
  const body = draft.body
  const holderTrail = slot.trail.slice(0, -1)
  const key = slot.trail.at(-1) as string | number
  let holder = body.value as Record<string | number, unknown>
  for (const [index, step] of holderTrail.entries()) {
    const next = holder[step]
    const inner = slot.trail[index + 1]
    if (next === null || typeof next !== 'object')
      holder[step] = typeof inner === 'number' ? [] : {}
    holder = holder[step] as Record<string | number, unknown>
  }
  if (value === MISSING) {
    delete holder[key]
    return `${field} left out`
  }
  if (value === UNKNOWN_FIELD) {
    const target = holder[key]
    holder[key] = {
      ...(typeof target === 'object' && target !== null ? target : {}),
      zz_unknown: 1,
    }
    return `${field} with an unknown field zz_unknown`
  }
  holder[key] = value
  return `${field} = ${shown(value)}`
}

/** Breaks the body as a whole: not an object, not JSON, or empty. Undefined without a body. */
function bodyMutation(
  operation: Operation,
  draft: Draft,
  i: number,
  form?: string,
): string | undefined {
  if (!operation.body) return undefined
  const chosen = form ?? ['not an object', 'bad JSON', 'empty JSON'][i % 3]
  if (chosen === 'not an object') {
    const value = [[], 'text', 42, null][i % 4]
    delete draft.file
    draft.body = { value }
    return `the body is ${JSON.stringify(value)}`
  }
  draft.media = {
    contentType: 'application/json',
    payload: chosen === 'bad JSON' ? '{"name": "unterminated' : '',
  }
  return chosen === 'bad JSON' ? 'the body is not JSON' : 'the body is empty'
}

function verdictOfValue(slot: Slot, value: unknown): Verdict {
  if (value === MISSING) return slot.required ? 'invalid' : 'valid'
  if (value === UNKNOWN_FIELD) return 'invalid'
  if (slot.where === 'body') return jsonVerdict(slot.schema, value)
  return typeof value === 'string' ? textVerdict(slot.schema, value) : 'unknown'
}

/** What the contract says of the whole request. */
function verdictOf(operation: Operation, draft: Draft): Verdict {
  // A body in another media type, or JSON that is empty or broken, is never a request.
  if (draft.media) return 'invalid'
  const verdicts: Verdict[] = []
  if (operation.secured && draft.credentials !== 'user') verdicts.push('invalid')
  for (const parameter of operation.parameters) {
    const part = parameter.in === 'header' ? draft.headers : draft[parameter.in]
    const text = part[parameter.name]
    if (text === undefined) {
      const needed = parameter.required && parameter.schema.default === undefined
      verdicts.push(needed ? 'invalid' : 'valid')
    } else {
      verdicts.push(textVerdict(parameter.schema, wellFormed(text)))
    }
  }
  if (takesFile(operation)) {
    // A file body is valid only as the file; JSON instead is refused whatever it holds.
    verdicts.push(draft.file ? 'valid' : 'invalid')
  } else if (operation.body) {
    verdicts.push(
      draft.body === undefined
        ? operation.body.required
          ? 'invalid'
          : 'valid'
        : jsonVerdict(operation.body.schema, draft.body.value),
    )
  }
  return combine(verdicts)
}

function toRequest(operation: Operation, draft: Draft, userToken: string): InjectOptions {
  const url = operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(wellFormed(draft.path[name] ?? '')),
  )
  const query = Object.entries(draft.query)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(wellFormed(value))}`)
    .join('&')
  const headers: Record<string, string> = { ...draft.headers }
  if (draft.credentials === 'user') headers.authorization = `Bearer ${userToken}`
  else if (draft.credentials !== 'none') headers.authorization = draft.credentials.authorization
  let payload: string | Buffer | undefined
  if (draft.media) {
    if (draft.media.contentType) headers['content-type'] = draft.media.contentType
    // A Buffer: light-my-request would otherwise add a Content-Type of its own.
    payload = Buffer.from(draft.media.payload)
  } else if (draft.file) {
    headers['content-type'] = draft.file.contentType
    payload = draft.file.payload
  } else if (draft.body) {
    headers['content-type'] = 'application/json'
    payload = serializeJson(draft.body.value)
  }
  for (const [name, value] of Object.entries(headers)) {
    if (value !== SIGN_THE_BODY) continue
    headers[name] = Stripe.webhooks.generateTestHeaderString({
      payload: payload?.toString() ?? '',
      secret: FUZZ_WEBHOOK_SECRET,
    })
  }
  return {
    method: operation.method,
    url: query ? `${url}?${query}` : url,
    headers,
    ...(payload === undefined ? {} : { payload }),
  }
}

/** JSON text, with RawNumbers written as they are. */
function serializeJson(value: unknown): string {
  const raws: string[] = []
  const text = JSON.stringify(value, (_, item) => {
    if (item instanceof RawNumber) {
      raws.push(item.text)
      return PLACEHOLDER
    }
    return item
  })
  let index = 0
  return text.replaceAll(`"${PLACEHOLDER}"`, () => raws[index++] ?? 'null')
}

function formEncoded(value: unknown): string {
  const entries = Object.entries((value ?? {}) as Record<string, unknown>)
  return new URLSearchParams(
    entries.map(([name, item]) => [name, typeof item === 'string' ? item : JSON.stringify(item)]),
  ).toString()
}

function fieldName(slot: Slot): string {
  switch (slot.where) {
    case 'body':
      return ['body', ...slot.trail].join('.')
    case 'header':
      return `header.${slot.name.toLowerCase()}`
    default:
      return `${slot.where}.${slot.name}`
  }
}

function acceptsText(slot: Slot): boolean {
  const types = slot.schema.type === undefined ? ['string'] : [slot.schema.type].flat()
  return types.includes('string') || slot.where !== 'body'
}

/**
 * Whether the text can travel in the slot at all: a path segment cannot be empty (the
 * address would be another route's), and a header carries only visible ASCII.
 */
function canCarry(slot: Slot, text: string): boolean {
  if (slot.where === 'path') return text !== ''
  if (slot.where === 'header') return /^[\x20-\x7e]*$/.test(text)
  return true
}

/** Query and path text travels as UTF-8, where half a surrogate pair becomes U+FFFD. */
function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDFFF]/gu, '\uFFFD')
}

function shown(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : serializeJson(value)
  return text.length > 60 ? `${text.slice(0, 57)}…` : text
}
