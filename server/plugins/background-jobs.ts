import { randomBytes } from 'node:crypto'
import fp from 'fastify-plugin'
import type { ServerParts } from '../composition-root.ts'
import { removeDisconnectedConnections } from '../db/repositories/calendar-connection-repository.ts'
import type { CalendarSyncParts } from '../jobs/calendar-connections.ts'
import { type CalendarSyncReport, syncDueCalendars } from '../jobs/calendar-sync.ts'
import { type WriteBackReport, writeBackDueEvents } from '../jobs/calendar-write-back.ts'
import { type DeliveryReport, deliverDueMessages } from '../jobs/outbox-delivery.ts'
import { pruneSentMessages } from '../jobs/outbox-retention.ts'
import { expireDueHolds, type PaymentHoldReport } from '../jobs/payment-holds.ts'
import { queueDueReminders } from '../jobs/reminders.ts'
import { noteEndedTrials } from '../jobs/trial-endings.ts'
import type { Mailer } from '../notifications/mailer.ts'

export interface BackgroundJobsPluginOptions {
  /** Pause between runs; a run that takes longer delays the next, never overlaps it. */
  intervalMs: number
  mailer: Mailer
  /** Calendar sync and write-back; skipped when absent. */
  calendarSync?: CalendarSyncParts | undefined
  /** The app's own instances, so a job and a request never hold two of one service. */
  parts: Pick<
    ServerParts,
    'database' | 'metrics' | 'notifier' | 'publicBooking' | 'bookingPayments' | 'appointmentRefunds'
  >
}

export interface JobRun {
  /** Payment holds that ran out, and the Checkouts still open for such holds. */
  holds: PaymentHoldReport
  /** Owed refunds: made by Stripe now, still owed (no answer), dropped (refused for good). */
  refunds: { made: number; owed: number; dropped: number }
  remindersQueued: number
  /** Businesses told that their trial ended. */
  trialsEnded: number
  delivery: DeliveryReport
  /** Calendars synced and events written back (null: calendar sync is off). */
  calendarSync: CalendarSyncReport | null
  calendarWriteBack: WriteBackReport | null
  /** Old sent messages deleted; the pruning runs at most once an hour per process. */
  pruned: number
}

const PRUNE_EVERY_MS = 60 * 60_000

declare module 'fastify' {
  interface FastifyInstance {
    /** Present when the jobs run in this process. */
    backgroundJobs?: {
      /** One run now (tests), waiting for one already under way first. */
      runOnce(): Promise<JobRun>
    }
  }
}

/**
 * The jobs every API process runs: let payment holds that ran out go, queue due reminders,
 * tell of ended trials, deliver due e-mails, and now and then delete long-sent ones. Safe to
 * run in several processes at once (the first three claim rows
 * with FOR UPDATE SKIP LOCKED; a row one deletes the other no longer finds). Starts when the
 * app is ready; `app.close()` stops the timer and waits for a run under way.
 */
export const backgroundJobsPlugin = fp<BackgroundJobsPluginOptions>(
  async (app, options) => {
    const { mailer, calendarSync } = options
    const { database, metrics, notifier, publicBooking, bookingPayments, appointmentRefunds } =
      options.parts
    let current: Promise<JobRun> | null = null
    let timer: NodeJS.Timeout | undefined
    let stopped = false
    let lastPrunedAt = Number.NEGATIVE_INFINITY

    // Each job of a run is counted and timed on its own (slotwise_job_runs_total{job}), so a
    // failing one is named; a failure still ends the run, as before.
    const job = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
      const done = metrics.jobStarted(name)
      try {
        const result = await work()
        done('ok')
        return result
      } catch (error) {
        done('failed')
        throw error
      }
    }
    const run = async (): Promise<JobRun> => {
      const holds = await job('payment-holds', async () => {
        const expired = await expireDueHolds(database)
        await bookingPayments.expireCheckouts(expired.checkoutsToExpire)
        return expired
      })
      // Refunds cancellations owe that Stripe has not made yet (it did not answer then).
      const refunds = await job('owed-refunds', () => appointmentRefunds.settleAllOwed())
      const remindersQueued = await job('reminders', () => queueDueReminders(database, notifier))
      const trialsEnded = await job('trial-endings', () =>
        noteEndedTrials(database, { appUrl: publicBooking.publicUrl }),
      )
      const delivery = await job('outbox-delivery', () =>
        deliverDueMessages(database, mailer, { publicUrl: publicBooking.publicUrl }),
      )
      const calendars = calendarSync
        ? await job('calendar-sync', () =>
            syncDueCalendars(database, calendarSync, {
              appUrl: publicBooking.publicUrl,
              log: app.log.child({ job: 'calendar-sync' }),
            }),
          )
        : null
      const calendarWriteBack = calendarSync
        ? await job('calendar-write-back', async () => {
            const report = await writeBackDueEvents(database, calendarSync, {
              log: app.log.child({ job: 'calendar-write-back' }),
            })
            // A disconnected connection goes once the events written into it are removed.
            await removeDisconnectedConnections(database.db)
            return report
          })
        : null
      let pruned = 0
      if (Date.now() - lastPrunedAt >= PRUNE_EVERY_MS) {
        pruned = await job('outbox-retention', () => pruneSentMessages(database))
        lastPrunedAt = Date.now()
      }
      return {
        holds,
        refunds,
        remindersQueued,
        trialsEnded,
        delivery,
        calendarSync: calendars,
        calendarWriteBack,
        pruned,
      }
    }
    const runOnce = async (): Promise<JobRun> => {
      while (current) await current.catch(() => undefined)
      current = run().finally(() => {
        current = null
      })
      return current
    }
    const tick = async () => {
      // Lines of one run share an id, as a request's lines share the request's.
      const log = app.log.child({ jobRun: randomBytes(6).toString('hex') })
      try {
        const result = await runOnce()
        const { holds, refunds, remindersQueued, trialsEnded, delivery, pruned } = result
        const { calendarSync: synced, calendarWriteBack: written } = result
        const worked =
          holds.expired.length +
          refunds.made +
          refunds.dropped +
          remindersQueued +
          trialsEnded +
          delivery.sent +
          delivery.failed +
          (synced ? synced.synced + synced.failed : 0) +
          (written ? written.written + written.removed + written.failed : 0) +
          pruned
        if (worked > 0) {
          log.info(result, 'background jobs ran')
        }
      } catch (error) {
        log.error({ err: error }, 'background jobs failed')
      }
      if (!stopped) schedule()
    }
    const schedule = () => {
      timer = setTimeout(() => void tick(), options.intervalMs)
      timer.unref()
    }

    app.decorate('backgroundJobs', { runOnce })
    app.addHook('onReady', async () => {
      schedule()
    })
    app.addHook('onClose', async () => {
      stopped = true
      clearTimeout(timer)
      // The mailer is closed with the other parts, after this.
      await current?.catch(() => undefined)
    })
  },
  { name: 'background-jobs' },
)
