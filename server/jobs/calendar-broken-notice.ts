import type { Database } from '../db/database.ts'
import { createCalendarNoticeRepository } from '../db/repositories/calendar-notice-repository.ts'
import type { ClaimedCalendar } from '../db/repositories/calendar-sync-repository.ts'
import { createOutboxRepository } from '../db/repositories/outbox-repository.ts'
import type { ConnectionHealth } from '../db/schema.ts'
import { brokenCalendarMessage } from '../notifications/calendar-messages.ts'

/**
 * How long a connection may fail to answer (unreachable, rate limited) before the member and
 * the owners are told: a provider's outage of an hour or two heals by itself, a day does not.
 * Credentials refused are told at once: they never heal by themselves.
 */
export const UNREACHABLE_NOTICE_AFTER_MS = 24 * 3_600_000

type BrokenHealth = Exclude<ConnectionHealth, 'ok' | 'syncing'>

/** Whether this failure is the one to tell of (not told yet since it last worked). */
export function deservesBrokenNotice(
  connection: ClaimedCalendar['connection'],
  health: BrokenHealth,
  now: number,
): boolean {
  if (connection.brokenNoticeSentAt) return false
  if (health === 'needs_reconnect') return true
  const workedLast = (connection.lastSyncedAt ?? connection.createdAt).getTime()
  return now - workedLast >= UNREACHABLE_NOTICE_AFTER_MS
}

/**
 * Tells the member and the owners, once, that the member's calendar connection broke (issue
 * 25, item 6): one e-mail each through the outbox, queued with the mark that they were told,
 * so that any number of processes seeing the failure send it once. A sync that succeeds clears
 * the mark (markSynced): a later breakage is told again. Whether it was queued now.
 */
export async function tellOfBrokenConnection(
  database: Database,
  { connection, calendar }: ClaimedCalendar,
  health: BrokenHealth,
  options: { now: number; appUrl?: string | undefined },
): Promise<boolean> {
  if (!deservesBrokenNotice(connection, health, options.now)) return false
  return database.transaction(async (tx) => {
    const notices = createCalendarNoticeRepository(tx)
    if (!(await notices.takeBrokenNotice(connection.id, new Date(options.now)))) return false
    const facts = await notices.brokenNoticeRecipients(calendar.tenantId, calendar.teamMemberId)
    if (!facts) return false
    const calendarsUrl = options.appUrl
      ? `${options.appUrl}/team/${calendar.teamMemberId}/calendars`
      : undefined
    await createOutboxRepository(tx).queue(
      facts.recipients.map((recipient) => {
        const message = brokenCalendarMessage({
          recipientName: recipient.name,
          memberName: facts.memberName,
          businessName: facts.businessName,
          accountName: connection.displayName,
          health,
          lastSyncedAt: connection.lastSyncedAt,
          timeZone: facts.timeZone,
          calendarsUrl,
        })
        return {
          tenantId: calendar.tenantId,
          appointmentId: null,
          kind: 'calendar_broken' as const,
          recipient: recipient.role,
          toAddress: recipient.email,
          subject: message.subject,
          bodyText: message.text,
          ics: null,
        }
      }),
    )
    return facts.recipients.length > 0
  })
}
