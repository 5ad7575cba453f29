import Fastify from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import {
  assertValid,
  conflict,
  invalidField,
  Refusal,
  type RefusalKind,
} from '../../../../server/domain/refusal.ts'
import { REFUSAL_STATUS } from '../../../../server/http/refusal-status.ts'
import { problemDetailsPlugin } from '../../../../server/plugins/problem-details.ts'

// A use case's refusal, thrown in a handler, reaches the client as problem+json with the
// status the edge's one table gives its kind.

const app = Fastify()
await app.register(problemDetailsPlugin, {})
app.get('/kind/:kind', async (request) => {
  const { kind } = request.params as { kind: RefusalKind }
  throw new Refusal(kind, `Refused as ${kind}.`, {
    type: `/problems/${kind}`,
    retryAfterSeconds: kind === 'unavailable' ? 7 : undefined,
  })
})
app.get('/field', async () => {
  throw invalidField('body.time_zone', 'is not a time zone')
})
app.get('/existing', async () => {
  throw conflict('That e-mail is taken.', {
    existing: { id: 'c1', href: '/customers/c1' },
  })
})
app.put('/logo', async () => {
  throw new Refusal('unsupported-media-type', 'The logo is not an image we take.', {
    acceptedTypes: ['image/png', 'image/jpeg'],
  })
})
app.post('/fields', async () => {
  assertValid([
    { path: 'body.name', message: 'must not be blank' },
    { path: 'body.time_zone', message: 'is not a time zone' },
  ])
})
afterAll(() => app.close())

describe('a refusal at the edge', () => {
  it.each(Object.entries(REFUSAL_STATUS))('of kind %s answers %i', async (kind, status) => {
    const response = await app.inject({ url: `/kind/${kind}` })
    expect(response.statusCode).toBe(status)
    expect(response.headers['content-type']).toContain('application/problem+json')
    expect(response.json()).toMatchObject({
      type: `/problems/${kind}`,
      status,
      detail: `Refused as ${kind}.`,
    })
    expect(response.headers['retry-after']).toBe(kind === 'unavailable' ? '7' : undefined)
    expect(response.headers['www-authenticate']).toBe(
      kind === 'unauthenticated' ? 'Bearer error="invalid_token"' : undefined,
    )
  })

  it('names the media types the method takes', async () => {
    const response = await app.inject({ method: 'PUT', url: '/logo' })
    expect(response.statusCode).toBe(415)
    expect(response.headers['accept-put']).toBe('image/png, image/jpeg')
  })

  it('refuses every invalid field at once', async () => {
    const response = await app.inject({ method: 'POST', url: '/fields' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({
      detail: '2 values in the request are invalid.',
      errors: [
        { path: 'body.name', message: 'must not be blank' },
        { path: 'body.time_zone', message: 'is not a time zone' },
      ],
    })
  })

  it('names the field it refused', async () => {
    const response = await app.inject({ url: '/field' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({
      detail: 'body.time_zone is not a time zone.',
      errors: [{ path: 'body.time_zone', message: 'is not a time zone' }],
    })
  })

  it('carries the record in the way', async () => {
    const response = await app.inject({ url: '/existing' })
    expect(response.statusCode).toBe(409)
    expect(response.json().existing).toEqual({ id: 'c1', href: '/customers/c1' })
  })
})
