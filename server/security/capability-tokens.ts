import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * Secrets that grant one thing to whoever holds them, derived rather than stored: an HMAC-SHA256
 * of what they grant under the server's secret (256 bits, base64url). Nothing to look up or
 * leak from the database, and every e-mail can carry the link again; an id alone grants
 * nothing. Changing the server secret ends every link at once.
 */
export interface CapabilityTokens {
  /** Lets its holder see, move and cancel one appointment (it survives a reschedule). */
  manageToken(appointmentId: string): string
  isManageToken(appointmentId: string, token: string): boolean
  /** Lets its holder read one team member's calendar feed, until the feed is rotated. */
  calendarFeedToken(teamMemberId: string, version: number): string
  isCalendarFeedToken(teamMemberId: string, version: number, token: string): boolean
}

export function createCapabilityTokens(secret: string): CapabilityTokens {
  if (secret.length < 32) throw new Error('The server secret must be at least 32 characters.')
  const derive = (purpose: string) =>
    createHmac('sha256', secret).update(purpose).digest('base64url')
  const matches = (expected: string, given: string) => {
    const a = Buffer.from(expected)
    const b = Buffer.from(given)
    return a.length === b.length && timingSafeEqual(a, b)
  }
  const manage = (appointmentId: string) => derive(`manage-appointment:${appointmentId}`)
  const feed = (teamMemberId: string, version: number) =>
    derive(`calendar-feed:${teamMemberId}:${version}`)
  return {
    manageToken: manage,
    isManageToken: (appointmentId, token) => matches(manage(appointmentId), token),
    calendarFeedToken: feed,
    isCalendarFeedToken: (teamMemberId, version, token) =>
      matches(feed(teamMemberId, version), token),
  }
}
