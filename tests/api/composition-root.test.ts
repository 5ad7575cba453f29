import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createBusinessResolver } from '../../server/http/business-resolver.ts'
import { createAppointmentNotifier } from '../../server/notifications/appointment-notifier.ts'
import { createBookingService } from '../../server/services/booking/booking-service.ts'
import { createCustomerService } from '../../server/services/customer-service.ts'
import { createMembershipService } from '../../server/services/membership-service.ts'
import { createSettingsService } from '../../server/services/settings-service.ts'
import { type BusinessUser, callAs, newOwner } from '../support/api/team-access.ts'
import { createTestApp, type TestApp } from '../support/api/test-app.ts'

// Each factory still does its real work; the spy only counts how often the app calls it.
vi.mock(import('../../server/services/booking/booking-service.ts'), async (original) => {
  const actual = await original()
  return { ...actual, createBookingService: vi.fn(actual.createBookingService) }
})
vi.mock(import('../../server/notifications/appointment-notifier.ts'), async (original) => {
  const actual = await original()
  return { ...actual, createAppointmentNotifier: vi.fn(actual.createAppointmentNotifier) }
})
vi.mock(import('../../server/http/business-resolver.ts'), async (original) => {
  const actual = await original()
  // A spy of a generic factory is no longer generic; the cast keeps the module's own type.
  const spy = vi.fn(actual.createBusinessResolver) as typeof actual.createBusinessResolver
  return { ...actual, createBusinessResolver: spy }
})
vi.mock(import('../../server/services/settings-service.ts'), async (original) => {
  const actual = await original()
  return { ...actual, createSettingsService: vi.fn(actual.createSettingsService) }
})
vi.mock(import('../../server/services/membership-service.ts'), async (original) => {
  const actual = await original()
  return { ...actual, createMembershipService: vi.fn(actual.createMembershipService) }
})
vi.mock(import('../../server/services/customer-service.ts'), async (original) => {
  const actual = await original()
  return { ...actual, createCustomerService: vi.fn(actual.createCustomerService) }
})

const factories = {
  createBookingService: vi.mocked(createBookingService),
  createAppointmentNotifier: vi.mocked(createAppointmentNotifier),
  createBusinessResolver: vi.mocked(createBusinessResolver),
  createSettingsService: vi.mocked(createSettingsService),
  createMembershipService: vi.mocked(createMembershipService),
  createCustomerService: vi.mocked(createCustomerService),
}

function constructions(): Record<keyof typeof factories, number> {
  return Object.fromEntries(
    Object.entries(factories).map(([name, factory]) => [name, factory.mock.calls.length]),
  ) as Record<keyof typeof factories, number>
}

let testApp: TestApp
let spaDir: string
let owner: BusinessUser
let slug: string

beforeAll(async () => {
  spaDir = mkdtempSync(join(tmpdir(), 'slotwise-composition-'))
  writeFileSync(
    join(spaDir, 'index.html'),
    '<!doctype html><html><head></head><body><div id="root"></div>',
  )
  testApp = await createTestApp({
    spaDir,
    jobs: { intervalMs: 3_600_000, outboxDir: join(spaDir, 'outbox') },
  })
  owner = await newOwner(testApp, 'Composed Owner')
  slug = (await callAs(testApp, owner)('GET', '/api/v1/business-configuration')).json().slug
}, 120_000)
afterAll(async () => {
  await testApp?.close()
  rmSync(spaDir, { recursive: true, force: true })
})

describe('the composition root', () => {
  it('builds each shared part once for the handlers, the jobs, live updates and the pages', () => {
    expect(constructions()).toEqual({
      createBookingService: 1,
      createAppointmentNotifier: 1,
      createBusinessResolver: 1,
      createSettingsService: 1,
      createMembershipService: 1,
      createCustomerService: 1,
    })
    // The instances the app hands out are those ones: staff, public and paid bookings share
    // one booking service, so one coalescer of identical requests.
    const { parts } = testApp.app
    expect(factories.createBookingService.mock.results[0]?.value).toBe(parts.bookings)
    expect(factories.createAppointmentNotifier.mock.results[0]?.value).toBe(parts.notifier)
    expect(factories.createBusinessResolver.mock.results[0]?.value).toBe(parts.resolveBusiness)
    expect(factories.createSettingsService.mock.results[0]?.value).toBe(parts.settings)
    expect(factories.createMembershipService.mock.results[0]?.value).toBe(parts.members)
  })

  it('builds nothing more per request, page or job run', async () => {
    const before = constructions()
    const host = { host: '127.0.0.1', accept: 'text/html' }

    const embed = await testApp.app.inject({
      url: `/embed/booking?business=${slug}`,
      headers: host,
    })
    const bookingPage = await testApp.app.inject({
      url: `/booking?business=${slug}`,
      headers: host,
    })
    const unknownEmbed = await testApp.app.inject({
      url: '/embed/booking?business=nobody-here',
      headers: host,
    })
    const publicBusiness = await testApp.app.inject({
      url: `/api/v1/public/business?business=${slug}`,
    })
    const staffCall = await callAs(testApp, owner)('GET', '/api/v1/settings/embed')
    await testApp.app.backgroundJobs?.runOnce()

    expect(embed.statusCode).toBe(200)
    expect(embed.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(bookingPage.body).toContain('slotwise-booking-catalogue')
    expect(unknownEmbed.statusCode).toBe(200)
    expect(publicBusiness.statusCode).toBe(200)
    expect(staffCall.statusCode).toBe(200)
    expect(constructions()).toEqual(before)
  })
})
