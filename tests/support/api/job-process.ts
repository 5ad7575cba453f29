/*
 * One API process's background jobs, alone in an OS process, for reminders-processes.test.ts:
 * `tsx job-process.ts <database url> <start at, epoch ms> <outbox dir> <secret>`. Waits for the
 * start moment (so several start together), then queues reminders and delivers e-mails one row
 * at a time until nothing is left, and prints what it did as JSON.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { createDatabase } from '../../../server/db/database.ts'
import { deliverDueMessages } from '../../../server/jobs/outbox-delivery.ts'
import { queueDueReminders } from '../../../server/jobs/reminders.ts'
import { createAppointmentNotifier } from '../../../server/notifications/appointment-notifier.ts'
import { createMailer } from '../../../server/notifications/mailer.ts'
import { createCapabilityTokens } from '../../../server/security/capability-tokens.ts'

const [url, startAt, outboxDir, secret] = process.argv.slice(2)
if (!url || !startAt || !outboxDir || !secret)
  throw new Error('usage: <url> <startAt> <dir> <secret>')

const database = await createDatabase({ url })
const publicUrl = 'http://127.0.0.1'
const notifier = createAppointmentNotifier({ tokens: createCapabilityTokens(secret), publicUrl })
const mailer = createMailer({ outboxDir, from: 'jobs@slotwise.test' })
await sleep(Math.max(0, Number(startAt) - Date.now()))

let queued = 0
let sent = 0
for (;;) {
  const reminders = await queueDueReminders(database, notifier, { batchSize: 1 })
  const delivery = await deliverDueMessages(database, mailer, { publicUrl, batchSize: 1 })
  queued += reminders
  sent += delivery.sent
  if (reminders === 0 && delivery.sent === 0 && delivery.retrying === 0) break
}
mailer.close()
await database.close()
console.log(JSON.stringify({ queued, sent }))
