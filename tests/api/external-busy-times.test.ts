import { describe, expect, it } from 'vitest'
import { createCalendarSyncRepository } from '../../server/db/repositories/calendar-sync-repository.ts'
import type { components } from '../../shared/contract/schema.d.ts'
import { bookingBody, publicCall, setUpPublicBookingWorld } from '../support/api/public-booking.ts'
import { dateIn } from '../support/api/scheduling-business.ts'
import { call, expectProblem } from '../support/api/team-business.ts'
import {
  connectCalendar,
  storeBusyTimes,
  testCipher,
} from '../support/calendar-sync/connected-calendar.ts'

type Availability = components['schemas']['Availability']
type PublicAvailability = components['schemas']['PublicAvailability']

/*
 * Busy times of members' own calendars, stored as the sync job stores them, in every check:
 * staff availability, the public booking page's free starts, and the booking itself.
 */

const world = setUpPublicBookingWorld('Busy Calendars')
const cipher = testCipher()

/** The staff member's calendar, checked for conflicts, busy from `from` to `to` on the day. */
async function busyOn(day: number, from: string, to: string, options = { checkConflicts: true }) {
  const { salon, testApp } = world
  const { calendar } = await connectCalendar(testApp.database.db, cipher, {
    tenantId: salon.tenantId,
    teamMemberId: salon.staffMemberId,
    checkConflicts: options.checkConflicts,
  })
  await storeBusyTimes(testApp.database.db, calendar, [
    { startsAt: world.at(day, from), endsAt: world.at(day, to), summary: 'Dentist' },
  ])
  return calendar
}

/** The staff member's free haircut starts before noon on the day, as staff see them. */
async function staffMorning(day: number): Promise<string[]> {
  const { salon, testApp } = world
  const date = dateIn(day, salon.timeZone)
  const response = await call(
    testApp,
    salon.owner,
    'GET',
    `/api/v1/availability?${new URLSearchParams({
      service_id: salon.haircutId,
      team_member_id: salon.staffMemberId,
      start_date: date,
      end_date: date,
    })}`,
  )
  expect(response.statusCode, response.body).toBe(200)
  return response
    .json<Availability>()
    .slots.map((slot) => slot.starts_at)
    .filter((start) => start < world.at(day, '12:00'))
}

/** The same, as the public booking page sees them. */
async function publicMorning(day: number): Promise<string[]> {
  const { salon, salonSlug } = world
  const query = new URLSearchParams({
    service_id: salon.haircutId,
    team_member_id: salon.staffMemberId,
    from: world.at(day, '00:00'),
    to: world.at(day, '12:00'),
  })
  const response = await publicCall(world.testApp, 'GET', `/api/v1/public/availability?${query}`, {
    business: salonSlug,
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json<PublicAvailability>().slots.map((slot) => slot.starts_at)
}

const morning = (day: number, times: string[]) => times.map((time) => world.at(day, time))

describe('busy times from a member’s own calendar', () => {
  it('leave staff availability and the public page, buffers included', async () => {
    const day = world.freshDay()
    await busyOn(day, '10:00', '11:00')
    // A haircut is 45 minutes with 10 minutes after: 09:00 ends its buffer at 09:55, 09:15
    // would run into 10:00; 11:00 is free again, and 11:15 ends at the lunch break.
    const free = morning(day, ['09:00', '11:00', '11:15'])
    expect(await staffMorning(day)).toEqual(free)
    expect(await publicMorning(day)).toEqual(free)
  })

  it('count only from calendars checked for conflicts', async () => {
    const day = world.freshDay()
    await busyOn(day, '10:00', '11:00', { checkConflicts: false })
    expect(await staffMorning(day)).toContain(world.at(day, '10:00'))
  })

  it('refuse a public booking over them, saying so without the event’s title', async () => {
    const day = world.freshDay()
    await busyOn(day, '10:00', '11:00')
    const response = await publicCall(world.testApp, 'POST', '/api/v1/public/bookings', {
      business: world.salonSlug,
      body: bookingBody(world.salon, world.at(day, '09:30')),
    })
    const problem = expectProblem(response, 409)
    expect(problem.type).toBe('/problems/slot-taken')
    expect(problem.detail).toMatch(/has another commitment then/)
    expect(response.body).not.toContain('Dentist')
  })

  it('refuse a staff booking over them unless staff override it, like working hours', async () => {
    const day = world.freshDay()
    await busyOn(day, '10:00', '11:00')
    const body = { team_member_id: world.salon.staffMemberId, starts_at: world.at(day, '10:30') }
    const refused = await world.api.book(world.salon.owner, body)
    const problem = expectProblem(refused, 409)
    expect(problem.detail).toMatch(/another commitment .* in their own calendar/)
    expect(problem.errors).toEqual([
      expect.objectContaining({ path: 'body.override_working_hours' }),
    ])
    const booked = await world.api.booked(world.salon.owner, {
      ...body,
      override_working_hours: true,
    })
    expect(booked.outside_working_hours).toBe(true)
  })

  it('reach the public page’s cached free starts as soon as a sync stores them', async () => {
    const day = world.freshDay()
    expect(await publicMorning(day)).toContain(world.at(day, '10:00'))
    await busyOn(day, '10:00', '11:00')
    await expect.poll(() => publicMorning(day)).toEqual(morning(day, ['09:00', '11:00', '11:15']))
  })

  it('of another business’s member never reach this one’s, nor can be filed under it', async () => {
    const day = world.freshDay()
    const { other, salon, testApp } = world
    const { calendar } = await connectCalendar(testApp.database.db, cipher, {
      tenantId: other.tenantId,
      teamMemberId: other.staffMemberId,
    })
    await storeBusyTimes(testApp.database.db, calendar, [
      { startsAt: world.at(day, '09:00'), endsAt: world.at(day, '12:00') },
    ])
    expect(await staffMorning(day)).toHaveLength(10)
    // The composite foreign keys refuse a member of one business under another's id.
    await expect(
      connectCalendar(testApp.database.db, cipher, {
        tenantId: salon.tenantId,
        teamMemberId: other.staffMemberId,
      }),
    ).rejects.toThrow()
    await expect(
      createCalendarSyncRepository(testApp.database.db).replaceBusyTimes(
        { ...calendar, tenantId: salon.tenantId },
        [
          {
            startsAt: Date.parse(world.at(day, '09:00')),
            endsAt: Date.parse(world.at(day, '10:00')),
            summary: '',
          },
        ],
      ),
    ).rejects.toThrow()
  })
})
