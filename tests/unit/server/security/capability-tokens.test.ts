import { describe, expect, it } from 'vitest'
import { createCapabilityTokens } from '../../../../server/security/capability-tokens.ts'

const secret = 'a test secret that is long enough for hmac-sha256'
const appointment = '6d7b3df6-0c3a-4b22-885b-76a3eafdbd76'

describe('capability tokens', () => {
  const tokens = createCapabilityTokens(secret)

  it('are 256-bit, URL-safe and stable per appointment', () => {
    const token = tokens.manageToken(appointment)
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(tokens.manageToken(appointment)).toBe(token)
    expect(tokens.isManageToken(appointment, token)).toBe(true)
  })

  it('grant nothing for another appointment, another purpose, another secret or a truncated copy', () => {
    const token = tokens.manageToken(appointment)
    expect(tokens.isManageToken('0d7b3df6-0c3a-4b22-885b-76a3eafdbd76', token)).toBe(false)
    expect(tokens.isCalendarFeedToken(appointment, 0, token)).toBe(false)
    expect(createCapabilityTokens(`${secret}!`).isManageToken(appointment, token)).toBe(false)
    expect(tokens.isManageToken(appointment, token.slice(0, -1))).toBe(false)
    expect(tokens.isManageToken(appointment, '')).toBe(false)
  })

  it('end a calendar feed when its version rises', () => {
    const token = tokens.calendarFeedToken(appointment, 0)
    expect(tokens.isCalendarFeedToken(appointment, 0, token)).toBe(true)
    expect(tokens.isCalendarFeedToken(appointment, 1, token)).toBe(false)
  })

  it('refuse a short server secret', () => {
    expect(() => createCapabilityTokens('short')).toThrow('at least 32')
  })
})
