import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { activityLog, tenantSettings } from '../../server/db/schema.ts'
import type { Settings } from '../../server/services/settings-service.ts'
import { newOwner, setUpBusinessWithRoles } from '../support/api/team-access.ts'

const world = setUpBusinessWithRoles('Sid', 'Other Settings Owner')
const { as } = world

const defaults: Settings = {
  booking_policy: {
    min_notice_minutes: 120,
    booking_window_days: 60,
    slot_interval_minutes: 15,
    cancellation_cutoff_minutes: 1440,
    reschedule_cutoff_minutes: 1440,
    team_member_choice: 'both',
  },
  notifications: {
    confirmation_email: true,
    reminder_email: true,
    reminder_lead_minutes: 1440,
    notify_customer_on_staff_change: true,
  },
  appearance: { brand_color: '#4f46e5', default_theme: 'system' },
  logo: null,
  language: { default_language: 'en', follow_visitor_language: true },
}

async function settingsEntries(tenantId: string) {
  return world.testApp.database.db
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.tenantId, tenantId), eq(activityLog.entityType, 'settings')))
    .orderBy(activityLog.occurredAt)
}

async function settingsRow(tenantId: string) {
  const [row] = await world.testApp.database.db
    .select()
    .from(tenantSettings)
    .where(eq(tenantSettings.tenantId, tenantId))
  return row
}

function expectFieldError(response: { statusCode: number; json: () => unknown }, path: string) {
  expect(response.statusCode).toBe(400)
  const problem = response.json() as { errors?: { path: string }[] }
  expect(problem.errors?.map((error) => error.path)).toContain(path)
}

describe('GET /api/v1/settings', () => {
  it("returns a new business's defaults", async () => {
    const fresh = await newOwner(world.testApp, 'Fresh Settings')
    const response = await as(fresh)('GET', '/api/v1/settings')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual(defaults)
  })

  it('is for owners and admins; staff get 403', async () => {
    expect((await as(world.admin)('GET', '/api/v1/settings')).statusCode).toBe(200)
    const refused = await as(world.staff)('GET', '/api/v1/settings')
    expect(refused.statusCode).toBe(403)
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/)
    expect(refused.json().detail).toBe("You don't have permission to see the settings.")
  })
})

describe('PUT /api/v1/settings/booking-policy', () => {
  const policy = { ...defaults.booking_policy }

  it('replaces the policy, and logs the change in words and as before/after', async () => {
    const response = await as(world.admin)('PUT', '/api/v1/settings/booking-policy', {
      ...policy,
      min_notice_minutes: 240,
    })

    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ ...policy, min_notice_minutes: 240 })
    expect((await as(world.owner)('GET', '/api/v1/settings')).json().booking_policy).toEqual({
      ...policy,
      min_notice_minutes: 240,
    })
    expect((await settingsEntries(world.owner.tenantId)).at(-1)).toMatchObject({
      actorUid: world.admin.uid,
      entityType: 'settings',
      entityId: 'booking_policy',
      action: 'updated',
      summary: 'Changed the booking policy: minimum notice 2 h → 4 h',
      changes: [{ field: 'min_notice_minutes', before: 120, after: 240 }],
    })
  })

  it('words several changes in one line', async () => {
    await as(world.owner)('PUT', '/api/v1/settings/booking-policy', {
      ...policy,
      min_notice_minutes: 90,
      booking_window_days: 1,
      slot_interval_minutes: 30,
      cancellation_cutoff_minutes: 2880,
      team_member_choice: 'any_available',
    })
    expect((await settingsEntries(world.owner.tenantId)).at(-1)?.summary).toBe(
      'Changed the booking policy: minimum notice 4 h → 1 h 30 min, booking window 60 days → 1 day, ' +
        'slot interval 15 min → 30 min, cancellation cut-off 1 d → 2 d, ' +
        'team member choice customer picks or any available → any available',
    )
  })

  it('logs nothing when the policy is saved unchanged', async () => {
    const current = (await as(world.owner)('GET', '/api/v1/settings')).json<Settings>()
      .booking_policy
    const before = await settingsEntries(world.owner.tenantId)
    const response = await as(world.owner)('PUT', '/api/v1/settings/booking-policy', current)
    expect(response.statusCode).toBe(200)
    expect(await settingsEntries(world.owner.tenantId)).toHaveLength(before.length)
  })

  it.each([
    [{ min_notice_minutes: undefined }, 'body.min_notice_minutes'],
    [{ min_notice_minutes: -1 }, 'body.min_notice_minutes'],
    [{ min_notice_minutes: 43201 }, 'body.min_notice_minutes'],
    [{ booking_window_days: 0 }, 'body.booking_window_days'],
    [{ slot_interval_minutes: 7 }, 'body.slot_interval_minutes'],
    [{ cancellation_cutoff_minutes: 1.5 }, 'body.cancellation_cutoff_minutes'],
    [{ reschedule_cutoff_minutes: undefined }, 'body.reschedule_cutoff_minutes'],
    [{ team_member_choice: 'random' }, 'body.team_member_choice'],
    [{ max_per_day: 3 }, 'body.max_per_day'],
  ])('refuses %j with 400 naming %s, and changes nothing', async (change, path) => {
    const before = await settingsRow(world.owner.tenantId)
    const response = await as(world.owner)('PUT', '/api/v1/settings/booking-policy', {
      ...policy,
      ...change,
    })
    expectFieldError(response, path)
    expect(await settingsRow(world.owner.tenantId)).toEqual(before)
  })

  it('refuses staff with 403 and changes nothing', async () => {
    const before = await settingsRow(world.owner.tenantId)
    const response = await as(world.staff)('PUT', '/api/v1/settings/booking-policy', {
      ...policy,
      min_notice_minutes: 5,
    })
    expect(response.statusCode).toBe(403)
    expect(await settingsRow(world.owner.tenantId)).toEqual(before)
  })

  it("changes only the caller's business", async () => {
    const theirsBefore = await settingsRow(world.stranger.tenantId)
    await as(world.owner)('PUT', '/api/v1/settings/booking-policy', {
      ...policy,
      booking_window_days: 365,
    })
    expect(await settingsRow(world.stranger.tenantId)).toEqual(theirsBefore)
    expect(await settingsEntries(world.stranger.tenantId)).toEqual([])
  })
})

describe('PUT /api/v1/settings/notifications', () => {
  const notifications = { ...defaults.notifications }

  it('replaces the notification settings and logs the change', async () => {
    const response = await as(world.owner)('PUT', '/api/v1/settings/notifications', {
      ...notifications,
      reminder_email: false,
      reminder_lead_minutes: 120,
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      confirmation_email: true,
      reminder_email: false,
      reminder_lead_minutes: 120,
      notify_customer_on_staff_change: true,
    })
    expect((await settingsEntries(world.owner.tenantId)).at(-1)).toMatchObject({
      entityId: 'notifications',
      summary:
        'Changed the notification settings: reminder e-mail on → off, reminder lead time 1 d → 2 h',
      changes: [
        { field: 'reminder_email', before: true, after: false },
        { field: 'reminder_lead_minutes', before: 1440, after: 120 },
      ],
    })
  })

  it.each([
    [{ confirmation_email: undefined }, 'body.confirmation_email'],
    [{ reminder_email: 'sometimes' }, 'body.reminder_email'],
    [{ reminder_lead_minutes: 10 }, 'body.reminder_lead_minutes'],
    [{ reminder_lead_minutes: 10081 }, 'body.reminder_lead_minutes'],
    [{ sms: true }, 'body.sms'],
  ])('refuses %j with 400 naming %s', async (change, path) => {
    expectFieldError(
      await as(world.owner)('PUT', '/api/v1/settings/notifications', {
        ...notifications,
        ...change,
      }),
      path,
    )
  })

  it('refuses staff with 403', async () => {
    const response = await as(world.staff)('PUT', '/api/v1/settings/notifications', notifications)
    expect(response.statusCode).toBe(403)
  })
})

describe('PUT /api/v1/settings/appearance', () => {
  it('replaces the appearance, keeping one spelling per colour', async () => {
    const response = await as(world.admin)('PUT', '/api/v1/settings/appearance', {
      brand_color: '#FF0066',
      default_theme: 'dark',
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ brand_color: '#ff0066', default_theme: 'dark' })
    expect((await settingsEntries(world.owner.tenantId)).at(-1)).toMatchObject({
      entityId: 'appearance',
      summary:
        'Changed the appearance: brand colour #4f46e5 → #ff0066, default theme system → dark',
    })

    const entries = await settingsEntries(world.owner.tenantId)
    await as(world.admin)('PUT', '/api/v1/settings/appearance', {
      brand_color: '#ff0066',
      default_theme: 'dark',
    })
    expect(await settingsEntries(world.owner.tenantId)).toHaveLength(entries.length)
  })

  it.each([
    [{ brand_color: 'red' }, 'body.brand_color'],
    [{ brand_color: '#12345' }, 'body.brand_color'],
    [{ default_theme: 'blue' }, 'body.default_theme'],
    [{ default_theme: undefined }, 'body.default_theme'],
    [{ font: 'Comic Sans' }, 'body.font'],
  ])('refuses %j with 400 naming %s', async (change, path) => {
    expectFieldError(
      await as(world.owner)('PUT', '/api/v1/settings/appearance', {
        brand_color: '#000000',
        default_theme: 'light',
        ...change,
      }),
      path,
    )
  })

  it('refuses staff with 403', async () => {
    const response = await as(world.staff)('PUT', '/api/v1/settings/appearance', {
      brand_color: '#000000',
      default_theme: 'light',
    })
    expect(response.statusCode).toBe(403)
  })
})

describe('/api/v1/settings/payments', () => {
  it('reads and replaces the time held while paying, logs it, and the row keeps it', async () => {
    const read = await as(world.owner)('GET', '/api/v1/settings/payments')
    expect(read.statusCode, read.body).toBe(200)
    expect(read.json()).toEqual({ payment_hold_minutes: 10 })
    const saved = await as(world.owner)('PUT', '/api/v1/settings/payments', {
      payment_hold_minutes: 25,
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toEqual({ payment_hold_minutes: 25 })
    expect((await settingsRow(world.owner.tenantId))?.paymentHoldMinutes).toBe(25)
    expect((await settingsEntries(world.owner.tenantId)).at(-1)).toMatchObject({
      entityId: 'payments',
      summary: 'Changed the payment settings: time held while paying 10 min → 25 min',
    })
  })

  it.each([
    [{ payment_hold_minutes: 4 }, 'body.payment_hold_minutes'],
    [{ payment_hold_minutes: 61 }, 'body.payment_hold_minutes'],
    [{ payment_hold_minutes: 12.5 }, 'body.payment_hold_minutes'],
    [{}, 'body.payment_hold_minutes'],
    [{ payment_hold_minutes: 10, hold: 3 }, 'body.hold'],
  ])('refuses %j with 400 naming %s', async (body, path) => {
    expectFieldError(await as(world.owner)('PUT', '/api/v1/settings/payments', body), path)
  })

  it('is for owners only: admins and staff get 403 and change nothing', async () => {
    const before = (await settingsRow(world.owner.tenantId))?.paymentHoldMinutes
    for (const user of [world.admin, world.staff]) {
      expect((await as(user)('GET', '/api/v1/settings/payments')).statusCode).toBe(403)
      const refused = await as(user)('PUT', '/api/v1/settings/payments', {
        payment_hold_minutes: 30,
      })
      expect(refused.statusCode).toBe(403)
    }
    expect((await settingsRow(world.owner.tenantId))?.paymentHoldMinutes).toBe(before)
  })
})
