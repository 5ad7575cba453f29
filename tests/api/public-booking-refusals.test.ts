import { describe, expect, it } from 'vitest'
import type { components } from '../../shared/contract/schema.d.ts'
import {
  bookingBody,
  bookPublicly,
  publicCall,
  setUpPublicBookingWorld,
  slugOf,
} from '../support/api/public-booking.ts'
import { createSchedulingBusiness, dateIn, inDays } from '../support/api/scheduling-business.ts'
import { call, expectInvalid, expectProblem } from '../support/api/team-business.ts'

type PublicAvailability = components['schemas']['PublicAvailability']

// A customer may book or move to exactly the starts the page offers; anything else is refused
// with its real reason, and only a time someone else took is "just taken".

const MINUTE = 60_000

const world = setUpPublicBookingWorld('Refusals')
const { freshDay, at: local } = world
const book = (body: object, business = world.salonSlug) =>
  publicCall(world.testApp, 'POST', '/api/v1/public/bookings', { business, body })
const move = (id: string, token: string, body: object) =>
  publicCall(world.testApp, 'POST', `/api/v1/public/appointments/${id}/reschedule`, {
    business: world.salonSlug,
    body,
    headers: { 'x-manage-token': token },
  })

/** A 400 naming `body.starts_at`, of this problem type. */
function expectRefused(response: Awaited<ReturnType<typeof book>>, type: string) {
  const problem = expectInvalid(response, 'body.starts_at')
  expect(problem.type).toBe(type)
  expect(problem.detail).not.toContain('just taken')
  return problem
}

describe('a public booking', () => {
  it('accepts every start the availability offers, and refuses each a minute off the grid', async () => {
    const day = freshDay()
    const from = local(day, '00:00')
    const to = local(day + 1, '00:00')
    for (const team of [`&team_member_id=${world.salon.staffMemberId}`, '']) {
      const offered = await publicCall(
        world.testApp,
        'GET',
        `/api/v1/public/availability?service_id=${world.salon.haircutId}&from=${from}&to=${to}${team}`,
        { business: world.salonSlug },
      )
      const slots = offered.json<PublicAvailability>().slots
      // 09:00–12:00 and 13:00–17:00 on a 15-minute grid for 45 minutes.
      expect(slots.length).toBe(10 + 14)
      for (const slot of slots) {
        const offGrid = new Date(Date.parse(slot.starts_at) + MINUTE).toISOString()
        const member = team === '' ? { team_member_id: null } : {}
        const problem = expectInvalid(
          await book(bookingBody(world.salon, offGrid, member)),
          'body.starts_at',
        )
        // The last start before lunch or closing, a minute later, no longer fits the hours.
        const fits = Date.parse(slot.ends_at) + MINUTE <= Date.parse(local(day, '12:00'))
        const lastBefore = !fits && Date.parse(slot.starts_at) < Date.parse(local(day, '12:00'))
        const atEnd = Date.parse(slot.ends_at) === Date.parse(local(day, '17:00'))
        expect(problem.type).toBe(
          lastBefore || atEnd ? '/problems/outside-working-hours' : '/problems/not-on-slot-grid',
        )
      }
    }
    // Every offered start books (each then cancelled, freeing the time for the next one).
    const offered = await publicCall(
      world.testApp,
      'GET',
      `/api/v1/public/availability?service_id=${world.salon.haircutId}&team_member_id=${world.salon.staffMemberId}&from=${from}&to=${to}`,
      { business: world.salonSlug },
    )
    const starts = offered.json<PublicAvailability>().slots.map((slot) => slot.starts_at)
    for (const start of starts) {
      const booked = await bookPublicly(
        world.testApp,
        world.salonSlug,
        bookingBody(world.salon, start),
      )
      const cancelled = await publicCall(
        world.testApp,
        'POST',
        `/api/v1/public/appointments/${booked.appointment.id}/cancel`,
        {
          business: world.salonSlug,
          body: { reason: 'Checking the next start' },
          headers: { 'x-manage-token': booked.manage_token },
        },
      )
      expect(cancelled.statusCode, cancelled.body).toBe(200)
    }
    const first = starts[0]
    if (!first) throw new Error('Nothing offered.')
    await bookPublicly(world.testApp, world.salonSlug, bookingBody(world.salon, first))
    const again = await book(bookingBody(world.salon, first))
    const taken = expectProblem(again, 409)
    expect(taken.type).toBe('/problems/slot-taken')
    expect(taken.detail).toBe('This time was just taken. Please choose another time.')
  })

  it('names working hours, breaks and time off as such, never as taken', async () => {
    const day = freshDay()
    expectRefused(
      await book(bookingBody(world.salon, local(day, '08:00'))),
      '/problems/outside-working-hours',
    )
    expectRefused(
      await book(bookingBody(world.salon, local(day, '16:30'))),
      '/problems/outside-working-hours',
    )
    expectRefused(
      await book(bookingBody(world.salon, local(day, '12:15'))),
      '/problems/outside-working-hours',
    )
    const away = await call(
      world.testApp,
      world.salon.owner,
      'POST',
      `/api/v1/team-members/${world.salon.staffMemberId}/time-off`,
      {
        start_date: dateIn(day, world.salon.timeZone),
        end_date: dateIn(day, world.salon.timeZone),
      },
    )
    expect(away.statusCode, away.body).toBe(201)
    const problem = expectRefused(
      await book(bookingBody(world.salon, local(day, '10:00'))),
      '/problems/time-off',
    )
    expect(problem.detail).not.toContain('Staff')
    // Someone else works then: "any available" books them.
    const anyone = await bookPublicly(
      world.testApp,
      world.salonSlug,
      bookingBody(world.salon, local(day, '10:00'), { team_member_id: null }),
    )
    expect(anyone.appointment.team_member.id).not.toBe(world.salon.staffMemberId)
  })

  it('names too soon and too far ahead apart', async () => {
    const soon = new Date(Date.now() + 30 * MINUTE).toISOString()
    const tooSoon = expectRefused(await book(bookingBody(world.salon, soon)), '/problems/too-soon')
    expect(tooSoon.errors?.[0]?.message).toBe('must be at least 2 hours from now')
    expectRefused(
      await book(bookingBody(world.salon, local(61, '10:00'))),
      '/problems/too-far-ahead',
    )
  })

  it("judges another business's service by that business, not this one", async () => {
    // The rival's haircut at a rival grid point is still another business's service here.
    expectInvalid(
      await book(
        bookingBody(world.salon, local(freshDay(), '10:00'), { service_id: world.other.haircutId }),
      ),
      'body.service_id',
    )
    const rival = await bookPublicly(
      world.testApp,
      world.otherSlug,
      bookingBody(world.other, inDays(freshDay(), '10:00', world.other.timeZone)),
    )
    expect(rival.appointment.starts_at).toBeTruthy()
  })
})

describe('a public move', () => {
  it('refuses a start off the grid, outside hours or too soon, each with its reason', async () => {
    const day = freshDay()
    const booked = await bookPublicly(
      world.testApp,
      world.salonSlug,
      bookingBody(world.salon, local(day, '10:00')),
    )
    const { id } = booked.appointment
    const token = booked.manage_token
    expectRefused(
      await move(id, token, { starts_at: local(day, '14:07') }),
      '/problems/not-on-slot-grid',
    )
    expectRefused(
      await move(id, token, { starts_at: local(day, '14:07'), team_member_id: null }),
      '/problems/not-on-slot-grid',
    )
    expectRefused(
      await move(id, token, { starts_at: local(day, '18:00') }),
      '/problems/outside-working-hours',
    )
    expectRefused(
      await move(id, token, { starts_at: local(day, '18:00'), team_member_id: null }),
      '/problems/outside-working-hours',
    )
    expectRefused(
      await move(id, token, { starts_at: new Date(Date.now() + MINUTE).toISOString() }),
      '/problems/too-soon',
    )
    const moved = await move(id, token, { starts_at: local(day, '14:15') })
    expect(moved.statusCode, moved.body).toBe(200)
  })

  it('is "just taken" only for a time someone else holds', async () => {
    const day = freshDay()
    const mine = await bookPublicly(
      world.testApp,
      world.salonSlug,
      bookingBody(world.salon, local(day, '10:00')),
    )
    await bookPublicly(
      world.testApp,
      world.salonSlug,
      bookingBody(world.salon, local(day, '14:00')),
    )
    const clash = await move(mine.appointment.id, mine.manage_token, {
      starts_at: local(day, '14:00'),
    })
    expect(expectProblem(clash, 409).type).toBe('/problems/slot-taken')
  })
})

describe('staff bookings', () => {
  it('keep their own rules: off the grid and, overridden, outside hours', async () => {
    const day = freshDay()
    const offGrid = await call(world.testApp, world.salon.owner, 'POST', '/api/v1/appointments', {
      service_id: world.salon.haircutId,
      customer_id: world.salon.customerId,
      team_member_id: world.salon.staffMemberId,
      starts_at: local(day, '10:07'),
    })
    expect(offGrid.statusCode, offGrid.body).toBe(201)
    const late = await call(world.testApp, world.salon.owner, 'POST', '/api/v1/appointments', {
      service_id: world.salon.haircutId,
      customer_id: world.salon.customerId,
      team_member_id: world.salon.staffMemberId,
      starts_at: local(day, '19:00'),
      override_working_hours: true,
    })
    expect(late.statusCode, late.body).toBe(201)
  })
})

describe('working hours until midnight', () => {
  it('accept 24:00 as an end, offer the evening up to it, and refuse 24:00 as a start', async () => {
    const late = await createSchedulingBusiness(world.testApp, 'Late', 'America/New_York')
    const lateSlug = await slugOf(world.testApp, late.tenantId)
    const patch = (workingHours: object) =>
      call(world.testApp, late.owner, 'PATCH', `/api/v1/team-members/${late.staffMemberId}`, {
        working_hours: workingHours,
      })
    const evenings = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
      weekday,
      start: '22:00',
      end: '24:00',
      breaks: [{ start: '23:45', end: '24:00' }],
    }))
    const saved = await patch(evenings)
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().working_hours[0]).toMatchObject({ end: '24:00' })
    expectInvalid(
      await patch([{ weekday: 1, start: '24:00', end: '24:00', breaks: [] }]),
      'body.working_hours.0.start',
    )
    expectInvalid(
      await patch([{ weekday: 1, start: '22:00', end: '24:30', breaks: [] }]),
      'body.working_hours.0.end',
    )

    const day = 3
    const from = inDays(day, '00:00', late.timeZone)
    const to = inDays(day + 1, '00:00', late.timeZone)
    const offered = await publicCall(
      world.testApp,
      'GET',
      `/api/v1/public/availability?service_id=${late.haircutId}&team_member_id=${late.staffMemberId}&from=${from}&to=${to}`,
      { business: lateSlug },
    )
    const starts = offered.json<PublicAvailability>().slots.map((slot) => slot.starts_at)
    // 45 minutes (and a 10-minute buffer after) inside 22:00–23:45.
    expect(starts).toEqual(
      ['22:00', '22:15', '22:30', '22:45', '23:00'].map((time) =>
        new Date(inDays(day, time, late.timeZone)).toISOString(),
      ),
    )
    await bookPublicly(world.testApp, lateSlug, bookingBody(late, starts.at(-1) ?? ''))
  })
})
