import type { FastifySchema } from 'fastify'
import { describe, expect, it } from 'vitest'
import { createSchemaValidatorCompiler } from '../../../../server/http/schema-validator.ts'

type Validate = ((data: unknown) => boolean) & {
  errors?: { instancePath: string; message?: string }[] | null
}

const compile = createSchemaValidatorCompiler()

function validator(schema: object, httpPart = 'body'): Validate {
  return compile({
    schema: schema as FastifySchema,
    method: 'POST',
    url: '/x',
    httpPart,
  }) as Validate
}

/** `instancePath: message` of each error, or [] when the value passes. */
function problems(validate: Validate, data: unknown): string[] {
  return validate(data) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath}: ${e.message}`)
}

describe('text in every string of a request', () => {
  const body = validator({
    type: 'object',
    properties: {
      name: { type: 'string', maxLength: 120 },
      email: { type: ['string', 'null'], format: 'email' },
      notes: { type: 'string', 'x-multiline': true },
      tags: { type: 'array', items: { type: 'string' } },
      customer: { allOf: [{ type: 'object', properties: { phone: { type: 'string' } } }] },
    },
  })

  it.each([
    ['NUL', 'a\u0000b'],
    ['BEL', 'ring\u0007'],
    ['ESC', '\u001b[31mred'],
    ['DEL', 'a\u007fb'],
    ['a C1 control (NEL)', 'a\u0085b'],
  ])('refuses %s in single-line and multi-line text alike', (_, text) => {
    expect(problems(body, { name: text, notes: text })).toEqual([
      '/name: must not contain control characters',
      '/notes: must not contain control characters',
    ])
  })

  it.each([
    ['LF', 'one\ntwo'],
    ['CR LF', 'one\r\ntwo'],
    ['TAB', 'one\ttwo'],
    ['a Unicode line separator', 'one\u2028two'],
  ])('refuses %s in single-line text only', (_, text) => {
    expect(problems(body, { name: text, notes: text })).toEqual([
      '/name: must be a single line without tabs or line breaks',
    ])
  })

  it('reaches strings in arrays, nullable strings and allOf parts, one error per field', () => {
    expect(
      problems(body, {
        email: 'a\u0000@b.co',
        tags: ['ok', 'x\ny'],
        customer: { phone: '\u0000' },
      }),
    ).toEqual([
      '/email: must not contain control characters',
      '/tags/1: must be a single line without tabs or line breaks',
      '/customer/phone: must not contain control characters',
    ])
  })

  it('refuses half of a surrogate pair but keeps emoji, accents and right-to-left text', () => {
    expect(problems(body, { name: 'bad \ud83d' })).toEqual(['/name: must be valid Unicode text'])
    expect(problems(body, { name: 'Zoë 😀 مرحبا e\u0301', notes: 'line\r\n\tindented' })).toEqual(
      [],
    )
  })

  it('checks query strings too', () => {
    const query = validator(
      { type: 'object', properties: { search: { type: 'string' } } },
      'querystring',
    )
    expect(problems(query, { search: 'a\u0000' })).toEqual([
      '/search: must not contain control characters',
    ])
  })

  it('checks headers the contract names in mixed case (Node gives them in lower case)', () => {
    const headers = validator(
      {
        type: 'object',
        properties: { 'X-Manage-Token': { type: 'string', minLength: 20 } },
        required: ['X-Manage-Token'],
      },
      'headers',
    )
    expect(problems(headers, { 'x-manage-token': 'short' })).toEqual([
      '/x-manage-token: must NOT have fewer than 20 characters',
    ])
    expect(problems(headers, {})).toEqual([": must have required property 'x-manage-token'"])
  })

  it('leaves the schema it was given unchanged', () => {
    const schema = { type: 'object', properties: { name: { type: 'string' } } }
    validator(schema)
    expect(schema).toEqual({ type: 'object', properties: { name: { type: 'string' } } })
  })
})

describe('dates, date-times and time zones', () => {
  const body = validator({
    type: 'object',
    properties: {
      day: { type: 'string', format: 'date' },
      at: { type: 'string', format: 'date-time' },
      zone: { type: 'string', format: 'time-zone' },
    },
  })
  const dateMessage = 'must be a date (YYYY-MM-DD) in the years 1900 to 2200'
  const dateTimeMessage =
    'must be a date and time with an offset (e.g. 2026-03-01T09:00:00Z) in the years 1900 to 2200'

  it.each(['1900-01-01', '2026-02-28', '2028-02-29', '2200-12-31'])(
    'accepts the date %s',
    (day) => {
      expect(problems(body, { day })).toEqual([])
    },
  )

  it.each([
    '0000-01-01',
    '9999-12-31',
    '1899-12-31',
    '2201-01-01',
    '2026-02-30',
    '2026-13-01',
    '26-01-01',
  ])('refuses the date %s', (day) => {
    expect(problems(body, { day })).toEqual([`/day: ${dateMessage}`])
  })

  it.each([
    '2026-03-01T09:00:00Z',
    '2026-03-01T09:00:00.123+05:30',
    '1900-01-01T00:00:00Z',
    '2200-12-31T23:59:59-12:00',
  ])('accepts the date-time %s', (at) => {
    expect(problems(body, { at })).toEqual([])
  })

  it.each([
    '0000-01-01T00:00:00Z',
    '9999-12-31T23:59:59Z',
    '1899-12-31T23:59:59Z',
    '2201-01-01T00:00:00Z',
    '2026-03-01T09:00:00',
    '2026-06-30T23:59:60Z',
    '2026-03-01T25:00:00Z',
  ])('refuses the date-time %s', (at) => {
    expect(problems(body, { at })).toEqual([`/at: ${dateTimeMessage}`])
  })

  it.each(['Europe/Berlin', 'UTC', 'America/Argentina/Buenos_Aires'])(
    'accepts the time zone %s',
    (zone) => {
      expect(problems(body, { zone })).toEqual([])
    },
  )

  it.each(['Mars/Olympus', 'europe/berlin', '+01:00', ''])('refuses the time zone %j', (zone) => {
    expect(problems(body, { zone })).toEqual([
      '/zone: must be an IANA time zone, e.g. Europe/Berlin',
    ])
  })
})
