import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appointments } from '../../server/db/schema.ts'
import { outboxFor } from '../support/api/outbox.ts'
import { bookingBody, bookPublicly, publicCall, slugOf } from '../support/api/public-booking.ts'
import {
  createSchedulingBusiness,
  inDays,
  type SchedulingBusiness,
} from '../support/api/scheduling-business.ts'
import { call, expectInvalid, expectProblem } from '../support/api/team-business.ts'
import { createTestApp, type TestApp } from '../support/api/test-app.ts'

// Languages (issue 12): the business's language settings, the public business that carries
// them, and the visitor's language recorded with a booking and used for their e-mails.

const roomy = { limit: 10_000, windowMs: 60_000 }

let testApp: TestApp
let salon: SchedulingBusiness
let rival: SchedulingBusiness
let salonSlug: string
let rivalSlug: string
let nextDay = 3

beforeAll(async () => {
  testApp = await createTestApp({
    publicRateLimits: { readsPerIp: roomy, writesPerIp: roomy, bookingsPerEmail: roomy },
  })
  salon = await createSchedulingBusiness(testApp, 'Sprachen')
  rival = await createSchedulingBusiness(testApp, 'Langues')
  salonSlug = await slugOf(testApp, salon.tenantId)
  rivalSlug = await slugOf(testApp, rival.tenantId)
}, 120_000)
afterAll(() => testApp?.close())

const putLanguage = (business: SchedulingBusiness, body: object) =>
  call(testApp, business.owner, 'PUT', '/api/v1/settings/language', body)

async function customerEmailOf(appointmentId: string) {
  const [row] = await outboxFor(testApp, appointmentId, { recipient: 'customer' })
  if (!row) throw new Error('No e-mail to the customer was queued.')
  return row
}

describe('PUT /api/v1/settings/language', () => {
  it("saves the language settings, shows them in settings and on the business's public page only", async () => {
    const saved = await putLanguage(salon, {
      default_language: 'de',
      follow_visitor_language: false,
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toEqual({ default_language: 'de', follow_visitor_language: false })

    const settings = await call(testApp, salon.owner, 'GET', '/api/v1/settings')
    expect(settings.json().language).toEqual({
      default_language: 'de',
      follow_visitor_language: false,
    })
    const page = await publicCall(testApp, 'GET', '/api/v1/public/business', {
      business: salonSlug,
    })
    expect(page.json()).toMatchObject({ default_language: 'de', follow_visitor_language: false })

    // Another business keeps its own defaults, in its settings and on its page.
    const theirs = await call(testApp, rival.owner, 'GET', '/api/v1/settings')
    expect(theirs.json().language).toEqual({
      default_language: 'en',
      follow_visitor_language: true,
    })
    const theirPage = await publicCall(testApp, 'GET', '/api/v1/public/business', {
      business: rivalSlug,
    })
    expect(theirPage.json()).toMatchObject({
      default_language: 'en',
      follow_visitor_language: true,
    })
  })

  it.each([
    [{ default_language: 'it' }, 'body.default_language'],
    [{ default_language: undefined }, 'body.default_language'],
    [{ follow_visitor_language: 'yes' }, 'body.follow_visitor_language'],
    [{ rtl: true }, 'body.rtl'],
  ])('refuses %j with 400 naming %s', async (change, path) => {
    expectInvalid(
      await putLanguage(salon, {
        default_language: 'fr',
        follow_visitor_language: true,
        ...change,
      }),
      path,
    )
  })

  it('refuses staff with 403', async () => {
    const refused = await call(testApp, salon.staff, 'PUT', '/api/v1/settings/language', {
      default_language: 'fr',
      follow_visitor_language: true,
    })
    expectProblem(refused, 403)
  })
})

describe('the language of a booking', () => {
  it("records the visitor's language and writes their e-mail and invitation in it", async () => {
    const startsAt = inDays(nextDay++, '10:00', salon.timeZone)
    const booked = await bookPublicly(
      testApp,
      salonSlug,
      bookingBody(salon, startsAt, { language: 'de' }),
    )
    const [row] = await testApp.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, booked.appointment.id))
    expect(row?.customerLanguage).toBe('de')

    const email = await customerEmailOf(booked.appointment.id)
    expect(email.subject).toMatch(/^Gebucht: Haircut mit /)
    expect(email.bodyText).toContain('Guten Tag Mia Public,')
    expect(email.bodyText).toContain('Verschieben oder absagen: ')
    expect(email.ics).toContain('SUMMARY:Haircut bei ')
  })

  it("writes in the business's default language when the booking names none", async () => {
    await putLanguage(rival, { default_language: 'fr', follow_visitor_language: true })
    const startsAt = inDays(nextDay++, '11:00', rival.timeZone)
    const booked = await bookPublicly(testApp, rivalSlug, bookingBody(rival, startsAt))
    const email = await customerEmailOf(booked.appointment.id)
    expect(email.bodyText).toContain('Bonjour Mia Public,')
  })

  it('refuses a language it does not have, naming body.language', async () => {
    const startsAt = inDays(nextDay++, '12:00', salon.timeZone)
    const response = await publicCall(testApp, 'POST', '/api/v1/public/bookings', {
      business: salonSlug,
      body: bookingBody(salon, startsAt, { language: 'it' }),
    })
    expectInvalid(response, 'body.language')
  })
})
