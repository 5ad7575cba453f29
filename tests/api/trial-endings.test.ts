import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { activityLog, billingAccounts, notificationOutbox } from '../../server/db/schema.ts'
import { noteEndedTrials } from '../../server/jobs/trial-endings.ts'
import type { Profile } from '../../server/services/profile-service.ts'
import { call, createBusiness } from '../support/api/team-business.ts'
import { createTestApp, type TestApp } from '../support/api/test-app.ts'

/**
 * The end of the card-less trial is told once: an activity entry, an e-mail to the owners, an
 * update to open apps. The plan itself is Free from the trial's last minute on, job or not.
 */

const APP_URL = 'http://app.slotwise.test'
let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp({
    publicBooking: { secret: 'trial-endings-secret-0123456789abcdef', publicUrl: APP_URL },
    jobs: {
      intervalMs: 3_600_000,
      outboxDir: join(mkdtempSync(join(tmpdir(), 'trials-')), 'outbox'),
    },
  })
  await testApp.app.ready()
})
afterAll(() => testApp?.close())

async function endTrial(tenantId: string, minutesAgo = 1) {
  await testApp.database.db
    .update(billingAccounts)
    .set({ trialEndsAt: new Date(Date.now() - minutesAgo * 60_000) })
    .where(eq(billingAccounts.tenantId, tenantId))
}

function trialMails(tenantId: string) {
  return testApp.database.db
    .select()
    .from(notificationOutbox)
    .where(
      and(eq(notificationOutbox.tenantId, tenantId), eq(notificationOutbox.kind, 'trial_ended')),
    )
}

describe('when the trial ends', () => {
  it('the business is on Free at once, and is told once: activity, an e-mail to the owner', async () => {
    const business = await createBusiness(testApp, 'Ending')
    await endTrial(business.tenantId)
    // Before any job ran, the plan in force already changed.
    const profile = (await call(testApp, business.owner, 'GET', '/api/v1/me/')).json<Profile>()
    expect(profile.subscription).toMatchObject({ plan_id: 'free', status: 'active' })

    const run = await testApp.app.backgroundJobs?.runOnce()
    expect(run?.trialsEnded).toBeGreaterThanOrEqual(1)
    const mails = await trialMails(business.tenantId)
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatchObject({
      recipient: 'owner',
      toAddress: business.owner.email,
      subject: expect.stringMatching(/^Your Pro trial for .+ has ended$/),
    })
    expect(mails[0]?.bodyText).toContain(`Choose a plan: ${APP_URL}/checkout`)
    expect(mails[0]?.bodyText).toContain('Nothing was deleted')
    const entries = await testApp.database.db
      .select({ summary: activityLog.summary })
      .from(activityLog)
      .where(
        and(
          eq(activityLog.tenantId, business.tenantId),
          eq(activityLog.entityType, 'subscription'),
        ),
      )
    expect(entries).toEqual([{ summary: 'The Pro trial ended; the business is on Free' }])

    await testApp.app.backgroundJobs?.runOnce()
    expect(await trialMails(business.tenantId)).toHaveLength(1)
  })

  it('a running trial is not told, and two processes tell an ended one once', async () => {
    const running = await createBusiness(testApp, 'Running')
    const ended = await createBusiness(testApp, 'Raced')
    await endTrial(ended.tenantId, 5)
    const told = await Promise.all([
      noteEndedTrials(testApp.database, { appUrl: APP_URL }),
      noteEndedTrials(testApp.database, { appUrl: APP_URL }),
    ])
    expect(told.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(1)
    expect(await trialMails(ended.tenantId)).toHaveLength(1)
    expect(await trialMails(running.tenantId)).toHaveLength(0)
  })

  it('a trial ended by subscribing is not told as a trial end', async () => {
    const business = await createBusiness(testApp, 'Paid early')
    await testApp.database.db
      .update(billingAccounts)
      .set({
        trialEndsAt: new Date(Date.now() - 60_000),
        planId: 'starter',
        stripeSubscriptionId: `sub_test_${business.tenantId}`,
        stripeStatus: 'active',
        billingInterval: 'month',
      })
      .where(eq(billingAccounts.tenantId, business.tenantId))
    await noteEndedTrials(testApp.database, { appUrl: APP_URL })
    expect(await trialMails(business.tenantId)).toHaveLength(0)
    const [account] = await testApp.database.db
      .select()
      .from(billingAccounts)
      .where(eq(billingAccounts.tenantId, business.tenantId))
    expect(account?.trialEndNotedAt).not.toBeNull()
  })
})
