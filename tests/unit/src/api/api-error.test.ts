import { describe, expect, it } from 'vitest'
import {
  ApiError,
  CHECK_FIELDS_MESSAGE,
  fieldMessage,
  fieldOfPath,
  problemFieldErrors,
  problemMessage,
  unwrap,
} from '../../../../src/api/api-error'

describe('problem+json → field errors', () => {
  it('maps body paths to form fields and keeps other paths apart', () => {
    expect(fieldOfPath('body.name')).toBe('name')
    expect(fieldOfPath('body.working_hours.0.breaks.1.end')).toBe('working_hours.0.breaks.1.end')
    expect(fieldOfPath('/body/email')).toBe('email')
    expect(fieldOfPath('query.limit')).toBe('query.limit')
  })

  it('keeps the first message per field, as a sentence', () => {
    expect(
      problemFieldErrors({
        errors: [
          { path: 'body.slug', message: 'is already used by another team member' },
          { path: 'body.slug', message: 'must match pattern "^[a-z0-9]+$"' },
          { path: 'body.name', message: 'is required' },
          { path: 'body.email', message: 'Enter a valid e-mail address.' },
        ],
      }),
    ).toEqual({
      slug: 'This value is already used by another team member.',
      name: 'This value is required.',
      email: 'Enter a valid e-mail address.',
    })
    expect(problemFieldErrors(undefined)).toEqual({})
    expect(problemFieldErrors({})).toEqual({})
  })

  it('turns validator wording into readable sentences', () => {
    expect(fieldMessage('must NOT have more than 120 characters')).toBe(
      'This value must not have more than 120 characters.',
    )
    expect(fieldMessage('Pick a time after the start')).toBe('Pick a time after the start.')
    expect(fieldMessage('  ')).toBe('This value is not valid.')
  })

  it('says the detail for a whole problem, and never leaks a 5xx detail', () => {
    expect(problemMessage({ detail: 'Deactivate it instead.', status: 409 })).toBe(
      'Deactivate it instead.',
    )
    expect(problemMessage({ detail: 'stack trace at line 3', status: 500 })).toMatch(/server/i)
    expect(problemMessage({ title: 'Not Found', status: 404 })).toBe('Not Found')
    expect(problemMessage(null)).toMatch(/went wrong/)
  })
})

describe('ApiError and the openapi-fetch result helper', () => {
  const response = (status: number) => new Response(null, { status: status === 204 ? 204 : status })

  it('a validation problem says "check the fields" and carries the field errors', () => {
    const error = new ApiError(400, {
      status: 400,
      detail: 'body.name is required.',
      errors: [{ path: 'body.name', message: 'is required' }],
    })
    expect(error.message).toBe(CHECK_FIELDS_MESSAGE)
    expect(error.fieldErrors).toEqual({ name: 'This value is required.' })
    expect(error.status).toBe(400)
  })

  it('a non-JSON error body still becomes a readable error', () => {
    const error = new ApiError(502, 'Bad gateway')
    expect(error.problem).toEqual({})
    expect(error.message).toMatch(/server/i)
  })

  it('unwrap returns data on success and throws the problem otherwise', () => {
    expect(unwrap({ data: { id: 1 }, response: response(200) })).toEqual({ id: 1 })
    expect(() =>
      unwrap({
        error: { status: 404, title: 'Not Found', detail: 'No such service.' },
        response: response(404),
      }),
    ).toThrow('No such service.')
    expect(() => unwrap({ response: response(204) })).not.toThrow()
    expect(() =>
      unwrap({ error: { status: 409, detail: 'Still booked.' }, response: response(409) }),
    ).toThrow('Still booked.')
  })

  it('unwrap keeps a 429 Retry-After as seconds', () => {
    const limited = new Response(null, { status: 429, headers: { 'Retry-After': '30' } })
    let failure: unknown
    try {
      unwrap({ error: { status: 429, title: 'Too Many Requests' }, response: limited })
    } catch (error) {
      failure = error
    }
    expect(failure).toBeInstanceOf(ApiError)
    expect(failure).toMatchObject({ status: 429, retryAfterSeconds: 30 })
  })
})
