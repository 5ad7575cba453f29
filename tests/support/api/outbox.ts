import { and, eq } from 'drizzle-orm'
import { notificationOutbox } from '../../../server/db/schema.ts'
import type { TestApp } from './test-app.ts'

type OutboxRow = typeof notificationOutbox.$inferSelect

/**
 * The e-mails queued about an appointment, as the outbox holds them: all of them, or only
 * those of one kind or to one recipient. A query: add `.orderBy(…)` where order matters.
 */
export function outboxFor(
  testApp: TestApp,
  appointmentId: string,
  only: { kind?: OutboxRow['kind']; recipient?: OutboxRow['recipient'] } = {},
) {
  return testApp.database.db
    .select()
    .from(notificationOutbox)
    .where(
      and(
        eq(notificationOutbox.appointmentId, appointmentId),
        only.kind ? eq(notificationOutbox.kind, only.kind) : undefined,
        only.recipient ? eq(notificationOutbox.recipient, only.recipient) : undefined,
      ),
    )
}
