import type { FastifyRequest } from 'fastify'
import { describe, expect, it } from 'vitest'
import { redactUrl, requestLogFields } from '../../../../server/http/log-redaction.ts'

describe('URLs in the request log', () => {
  it('keep everything but the secret token, code and state', () => {
    expect(
      redactUrl('/api/v1/public/appointments/abc/invitation.ics?token=s3cret-value&business=acme'),
    ).toBe('/api/v1/public/appointments/abc/invitation.ics?token=[redacted]&business=acme')
    expect(redactUrl('/api/v1/public/calendar-feeds/abc?business=x&TOKEN=s3cret')).toBe(
      '/api/v1/public/calendar-feeds/abc?business=x&TOKEN=[redacted]',
    )
    expect(
      redactUrl('/api/v1/calendar-connections/google/callback?state=a.b&code=4%2F0x&scope=s'),
    ).toBe('/api/v1/calendar-connections/google/callback?state=[redacted]&code=[redacted]&scope=s')
    expect(redactUrl('/api/v1/public/services?business=acme')).toBe(
      '/api/v1/public/services?business=acme',
    )
  })

  it('are what the request serializer logs', () => {
    const request = {
      method: 'GET',
      url: '/x?token=abc',
      host: 'acme.localhost',
      ip: '10.0.0.1',
      socket: { remotePort: 5000 },
    } as unknown as FastifyRequest
    expect(requestLogFields(request)).toEqual({
      method: 'GET',
      url: '/x?token=[redacted]',
      host: 'acme.localhost',
      remoteAddress: '10.0.0.1',
      remotePort: 5000,
    })
  })
})
