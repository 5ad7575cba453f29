import { describe, expect, it } from 'vitest'
import { withoutSecrets } from '../../server/http/log-redaction.ts'

describe('withoutSecrets', () => {
  it('hides the token of a calendar feed or manage link and keeps the rest', () => {
    expect(withoutSecrets('/api/v1/public/calendar-feeds/abc?token=s3cret&x=1')).toBe(
      '/api/v1/public/calendar-feeds/abc?token=redacted&x=1',
    )
    expect(withoutSecrets('/booking/event/abc?token=s3cret')).toBe(
      '/booking/event/abc?token=redacted',
    )
  })

  it('leaves URLs without a secret exactly as they were', () => {
    expect(withoutSecrets('/api/v1/appointments?from=2026-01-01&to=2026-01-08')).toBe(
      '/api/v1/appointments?from=2026-01-01&to=2026-01-08',
    )
    expect(withoutSecrets('/api/v1/health')).toBe('/api/v1/health')
  })
})
