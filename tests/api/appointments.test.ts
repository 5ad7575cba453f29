import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { appointments } from '../../server/db/schema.ts'
import type { components } from '../../shared/contract/schema.d.ts'
import {
  addService,
  createSchedulingBusiness,
  inDays,
  setUpSchedulingWorld,
} from '../support/api/scheduling-business.ts'
import { activityFor, call, expectInvalid, expectProblem } from '../support/api/team-business.ts'

// Booking: what a new appointment must satisfy, and who may book whom. Changes to existing
// appointments are in appointment-updates.test.ts.

type Appointment = components['schemas']['Appointment']

const world = setUpSchedulingWorld({ label: 'Salon', otherLabel: 'Other' })
const { at, freshDay } = world

describe('booking', () => {
  it('books the service for the customer with the team member, capturing price and buffers', async () => {
    const day = freshDay()
    const appointment = await world.api.booked(world.salon.owner, {
      team_member_id: world.salon.staffMemberId,
      starts_at: at(day, '10:00'),
      notes: 'Shorter at the back',
    })

    expect(appointment).toMatchObject({
      service_id: world.salon.haircutId,
      service_name: 'Haircut',
      team_member_id: world.salon.staffMemberId,
      team_member_name: 'Salon Staff',
      customer_id: world.salon.customerId,
      customer_name: world.salon.customerName,
      starts_at: at(day, '10:00'),
      ends_at: at(day, '10:45'),
      buffer_before_minutes: 0,
      buffer_after_minutes: 10,
      status: 'confirmed',
      notes: 'Shorter at the back',
      price: { amount_minor: 3000, currency: 'USD' },
      source: 'staff',
      created_by: world.salon.owner.uid,
      cancel_reason: null,
      outside_working_hours: false,
      capacity: 1,
      seats_booked: 1,
    })
    const fetched = await call(
      world.testApp,
      world.salon.staff,
      'GET',
      `/api/v1/appointments/${appointment.id}`,
    )
    expect(fetched.json()).toEqual(appointment)
  })

  it('records who booked what in the activity log', async () => {
    const day = freshDay()
    const appointment = await world.api.booked(world.salon.admin, {
      team_member_id: world.salon.staffMemberId,
      starts_at: at(day, '09:00'),
    })

    const [entry] = await activityFor(world.testApp, world.salon.tenantId, appointment.id)
    expect(entry).toMatchObject({
      entityType: 'appointment',
      action: 'created',
      actorUid: world.salon.admin.uid,
      summary: expect.stringMatching(
        new RegExp(
          `^Booked Haircut for ${world.salon.customerName} with Salon Staff, \\w{3} \\d{1,2} \\w{3} 09:00 \\(Europe/Berlin\\)$`,
        ),
      ),
    })
    expect(entry?.changes).toContainEqual({
      field: 'starts_at',
      before: null,
      after: at(day, '09:00'),
    })
  })

  it('refuses a time that is not in the future', async () => {
    const before = await world.api.count(world.salon.tenantId)
    const response = await world.api.book(world.salon.owner, {
      team_member_id: world.salon.staffMemberId,
      starts_at: new Date(Date.now() - 60_000).toISOString(),
      override_working_hours: true,
    })
    expectInvalid(response, 'body.starts_at')
    expect(await world.api.count(world.salon.tenantId)).toBe(before)
  })

  // Years 0000 and 9999 went on to the availability engine and PostgreSQL as 500s; a leap
  // second is RFC 3339 but not an instant JavaScript can read.
  it.each(['9999-12-31T10:00:00Z', '0000-01-01T10:00:00Z', '2026-06-30T23:59:60Z'])(
    'refuses the start %s with 400 naming it, booking nothing',
    async (startsAt) => {
      const before = await world.api.count(world.salon.tenantId)
      const response = await world.api.book(world.salon.owner, {
        team_member_id: world.salon.staffMemberId,
        starts_at: startsAt,
        override_working_hours: true,
      })
      expectInvalid(response, 'body.starts_at')
      expect(await world.api.count(world.salon.tenantId)).toBe(before)
    },
  )

  it.each([
    ['service_id', () => ({ service_id: world.other.haircutId })],
    ['customer_id', () => ({ customer_id: world.other.customerId })],
    ['team_member_id', () => ({ team_member_id: world.other.staffMemberId })],
  ])('refuses another business’s %s with 400 naming it, booking nothing', async (field, body) => {
    const before = await world.api.count(world.salon.tenantId)
    const response = await world.api.book(world.salon.owner, {
      team_member_id: world.salon.staffMemberId,
      starts_at: at(freshDay(), '10:00'),
      ...body(),
    })
    expectInvalid(response, `body.${field}`)
    expect(await world.api.count(world.salon.tenantId)).toBe(before)
    expect(await world.api.count(world.other.tenantId)).toBe(0)
  })

  it('refuses an inactive service, and a team member who does not perform it or is not bookable', async () => {
    const day = freshDay()
    const inactive = await addService(world.testApp, world.salon.owner, {
      name: 'Retired perm',
      duration_minutes: 60,
      active: false,
      team_member_ids: [world.salon.staffMemberId],
    })
    const notTheirs = await addService(world.testApp, world.salon.owner, {
      name: 'Colour',
      duration_minutes: 60,
      team_member_ids: [world.salon.ownerMemberId],
    })
    const off = await call(world.testApp, world.salon.owner, 'POST', '/api/v1/team-members', {
      name: 'Off Duty',
    })
    await call(
      world.testApp,
      world.salon.owner,
      'PATCH',
      `/api/v1/services/${world.salon.haircutId}`,
      {
        team_member_ids: [
          world.salon.ownerMemberId,
          world.salon.adminMemberId,
          world.salon.staffMemberId,
          off.json().id,
        ],
      },
    )
    await call(world.testApp, world.salon.owner, 'PATCH', `/api/v1/team-members/${off.json().id}`, {
      bookable: false,
    })
    const when = { starts_at: at(day, '10:00') }

    const inactiveProblem = expectInvalid(
      await world.api.book(world.salon.owner, {
        ...when,
        service_id: inactive,
        team_member_id: world.salon.staffMemberId,
      }),
      'body.service_id',
    )
    expect(inactiveProblem.detail).toContain('inactive')
    const performs = expectInvalid(
      await world.api.book(world.salon.owner, {
        ...when,
        service_id: notTheirs,
        team_member_id: world.salon.staffMemberId,
      }),
      'body.team_member_id',
    )
    expect(performs.detail).toContain('does not perform Colour')
    const bookable = expectInvalid(
      await world.api.book(world.salon.owner, { ...when, team_member_id: off.json().id }),
      'body.team_member_id',
    )
    expect(bookable.detail).toContain('not bookable')
  })

  it('refuses unknown body fields', async () => {
    const response = await world.api.book(world.salon.owner, {
      starts_at: at(freshDay(), '10:00'),
      price: 1,
    })
    expectProblem(response, 400)
  })
})

describe('clashes', () => {
  it('is 409 naming the appointment in the way, with a link to it on the calendar', async () => {
    const day = freshDay()
    const first = await world.api.booked(world.salon.owner, {
      team_member_id: world.salon.staffMemberId,
      starts_at: at(day, '10:00'),
    })
    const before = await world.api.count(world.salon.tenantId)

    const response = await world.api.book(world.salon.owner, {
      team_member_id: world.salon.staffMemberId,
      starts_at: at(day, '10:30'),
    })

    const problem = expectProblem(response, 409)
    expect(problem.existing).toEqual({ id: first.id, href: `/calendar?appointment=${first.id}` })
    expect(problem.detail).toMatch(
      new RegExp(
        `^Salon Staff already has Haircut for ${world.salon.customerName} on \\w{3} \\d{1,2} \\w{3} 10:00–10:45 \\(Europe/Berlin\\)`,
      ),
    )
    expect(await world.api.count(world.salon.tenantId)).toBe(before)
  })

  it('keeps the buffers of both free, and lets appointments touch them', async () => {
    const day = freshDay()
    const coloured = await addService(world.testApp, world.salon.owner, {
      name: 'Colour with prep',
      duration_minutes: 30,
      buffer_before_minutes: 15,
      team_member_ids: [world.salon.staffMemberId],
    })
    // Haircut 10:00–10:45, busy until 10:55 with its 10-minute buffer after.
    await world.api.booked(world.salon.owner, {
      team_member_id: world.salon.staffMemberId,
      starts_at: at(day, '10:00'),
    })

    // Its own 15-minute buffer before would start at 10:55 − 15 min: in the haircut's buffer.
    expectProblem(
      await world.api.book(world.salon.owner, {
        service_id: coloured,
        team_member_id: world.salon.staffMemberId,
        starts_at: at(day, '11:05'),
      }),
      409,
    )
    const touching = await world.api.booked(world.salon.owner, {
      service_id: coloured,
      team_member_id: world.salon.staffMemberId,
      starts_at: at(day, '11:10'),
    })
    expect(touching.starts_at).toBe(at(day, '11:10'))
    // Before the 10:00 haircut: 09:10 would keep the buffer after it busy until 10:05.
    expectProblem(
      await world.api.book(world.salon.owner, {
        team_member_id: world.salon.staffMemberId,
        starts_at: at(day, '09:10'),
      }),
      409,
    )
    await world.api.booked(world.salon.owner, {
      team_member_id: world.salon.staffMemberId,
      starts_at: at(day, '09:05'),
    })
  })

  it('lets two team members work at the same time', async () => {
    const day = freshDay()
    await world.api.booked(world.salon.owner, {
      team_member_id: world.salon.staffMemberId,
      starts_at: at(day, '10:00'),
    })
    await world.api.booked(world.salon.owner, {
      team_member_id: world.salon.adminMemberId,
      starts_at: at(day, '10:00'),
    })
  })

  it('is refused by the database even when the check before the insert cannot see it', async () => {
    const day = freshDay()
    // A buffer longer than any service allows (written directly) is past what the booking
    // check reads, so only the exclusion constraint stops the overlap: still a 409 naming it.
    const id = randomUUID()
    const startsAt = new Date(at(day, '16:00'))
    const endsAt = new Date(startsAt.getTime() + 30 * 60_000)
    await world.testApp.database.db.insert(appointments).values({
      id,
      tenantId: world.salon.tenantId,
      serviceId: world.salon.haircutId,
      teamMemberId: world.salon.staffMemberId,
      customerId: world.salon.customerId,
      startsAt,
      endsAt,
      priceMinor: 0,
      currency: 'USD',
      source: 'staff',
      bufferBeforeMinutes: 600,
      busyFrom: new Date(startsAt.getTime() - 600 * 60_000),
      busyUntil: endsAt,
      seatGroup: id,
    })
    const before = await world.api.count(world.salon.tenantId)

    const problem = expectProblem(
      await world.api.book(world.salon.owner, {
        team_member_id: world.salon.staffMemberId,
        starts_at: at(day, '10:00'),
      }),
      409,
    )
    expect(problem.existing?.id).toBe(id)
    expect(await world.api.count(world.salon.tenantId)).toBe(before)
  })

  it('lets exactly one of several simultaneous bookings of one time through', async () => {
    const day = freshDay()
    const responses = await Promise.all(
      ['10:00', '10:15', '10:30', '10:00', '10:20'].map((time) =>
        world.api.book(world.salon.owner, {
          team_member_id: world.salon.adminMemberId,
          starts_at: at(day, time),
        }),
      ),
    )
    const statuses = responses.map((response) => response.statusCode).sort()
    expect(statuses).toEqual([201, 409, 409, 409, 409])
  })
})

describe('working hours', () => {
  it('is 409 outside working hours, in a break and on time off, unless overridden', async () => {
    const day = freshDay()
    for (const time of ['08:00', '11:45', '17:00']) {
      const problem = expectProblem(
        await world.api.book(world.salon.owner, {
          team_member_id: world.salon.staffMemberId,
          starts_at: at(day, time),
        }),
        409,
      )
      expect(problem.detail).toContain("outside Salon Staff's working hours")
      expect(problem.detail).toContain('Book outside working hours to allow it.')
      expect(problem.errors).toEqual([
        expect.objectContaining({ path: 'body.override_working_hours' }),
      ])
    }
    const late = await world.api.booked(world.salon.owner, {
      team_member_id: world.salon.staffMemberId,
      starts_at: at(day, '18:00'),
      override_working_hours: true,
    })
    expect(late.outside_working_hours).toBe(true)
    const inside = await world.api.booked(world.salon.owner, {
      team_member_id: world.salon.staffMemberId,
      starts_at: at(day, '14:00'),
      override_working_hours: true,
    })
    expect(inside.outside_working_hours).toBe(false)
  })

  it('never books over another appointment, even with the override', async () => {
    const day = freshDay()
    await world.api.booked(world.salon.owner, {
      team_member_id: world.salon.staffMemberId,
      starts_at: at(day, '19:00'),
      override_working_hours: true,
    })
    expectProblem(
      await world.api.book(world.salon.owner, {
        team_member_id: world.salon.staffMemberId,
        starts_at: at(day, '19:30'),
        override_working_hours: true,
      }),
      409,
    )
  })

  it('treats time off like time outside working hours', async () => {
    const day = freshDay()
    const away = await call(
      world.testApp,
      world.salon.owner,
      'POST',
      `/api/v1/team-members/${world.salon.adminMemberId}/time-off`,
      { starts_at: at(day, '09:00'), ends_at: at(day, '11:00'), reason: 'Dentist' },
    )
    expect(away.statusCode, away.body).toBe(201)
    const problem = expectProblem(
      await world.api.book(world.salon.owner, {
        team_member_id: world.salon.adminMemberId,
        starts_at: at(day, '09:30'),
      }),
      409,
    )
    expect(problem.detail).toContain('Salon Admin has time off')
    await world.api.booked(world.salon.owner, {
      team_member_id: world.salon.adminMemberId,
      starts_at: at(day, '11:00'),
    })
  })
})

describe('any available team member', () => {
  it('assigns the one with the fewest appointments that day, then the one booked least recently', async () => {
    // A business of its own: "least recently" counts every booking its team ever had.
    const fair = await createSchedulingBusiness(world.testApp, 'Fair')
    const bookFair = (body: Record<string, unknown>) =>
      world.api.booked(fair.owner, {
        service_id: fair.haircutId,
        customer_id: fair.customerId,
        ...body,
        starts_at: inDays(2, body.starts_at as string, fair.timeZone),
      })
    await bookFair({ team_member_id: fair.staffMemberId, starts_at: '09:00' })
    const [first, second] = [fair.ownerMemberId, fair.adminMemberId].sort()

    const a = await bookFair({ starts_at: '14:00' })
    const b = await bookFair({ starts_at: '15:00' })
    // Everyone has one that day now; the staff member's was booked longest ago.
    const c = await bookFair({ starts_at: '16:00' })

    expect([a.team_member_id, b.team_member_id, c.team_member_id]).toEqual([
      first,
      second,
      fair.staffMemberId,
    ])
  }, 60_000)

  it('is 409 when nobody who performs the service is free', async () => {
    const day = freshDay()
    for (const id of [
      world.salon.ownerMemberId,
      world.salon.adminMemberId,
      world.salon.staffMemberId,
    ]) {
      await world.api.booked(world.salon.owner, { team_member_id: id, starts_at: at(day, '10:00') })
    }
    const problem = expectProblem(
      await world.api.book(world.salon.owner, { starts_at: at(day, '10:15') }),
      409,
    )
    expect(problem.detail).toContain('Nobody who performs Haircut is free')
  })
})

describe('staff', () => {
  it('book in their own column, and "any available" from them means themselves', async () => {
    const day = freshDay()
    const own = await world.api.booked(world.salon.staff, { starts_at: at(day, '10:00') })
    expect(own.team_member_id).toBe(world.salon.staffMemberId)
    expect(own.created_by).toBe(world.salon.staff.uid)

    const response = await world.api.book(world.salon.staff, {
      team_member_id: world.salon.adminMemberId,
      starts_at: at(day, '14:00'),
    })
    expectProblem(response, 403)
  })

  it('may not change, cancel or close another team member’s appointment', async () => {
    const day = freshDay()
    const theirs = await world.api.booked(world.salon.owner, {
      team_member_id: world.salon.adminMemberId,
      starts_at: at(day, '10:00'),
    })
    const url = `/api/v1/appointments/${theirs.id}`
    expectProblem(
      await call(world.testApp, world.salon.staff, 'PATCH', url, { notes: 'Mine now' }),
      403,
    )
    expectProblem(
      await call(world.testApp, world.salon.staff, 'POST', `${url}/cancel`, { reason: 'x' }),
      403,
    )
    expectProblem(await call(world.testApp, world.salon.staff, 'POST', `${url}/complete`), 403)
    expectProblem(await call(world.testApp, world.salon.staff, 'POST', `${url}/no-show`), 403)

    const mine = await world.api.booked(world.salon.staff, { starts_at: at(day, '14:00') })
    expectProblem(
      await call(world.testApp, world.salon.staff, 'PATCH', `/api/v1/appointments/${mine.id}`, {
        team_member_id: world.salon.adminMemberId,
      }),
      403,
    )
    const notes = await call(
      world.testApp,
      world.salon.staff,
      'PATCH',
      `/api/v1/appointments/${mine.id}`,
      {
        notes: 'Bring photos',
      },
    )
    expect(notes.statusCode, notes.body).toBe(200)
  })
})

describe('group sessions', () => {
  it('fills seats at one start until the service is full', async () => {
    const day = freshDay()
    const yoga = await addService(world.testApp, world.salon.owner, {
      name: 'Yoga class',
      duration_minutes: 60,
      capacity: 3,
      team_member_ids: [world.salon.adminMemberId],
    })
    const seat = (time = '10:00') =>
      world.api.book(world.salon.owner, {
        service_id: yoga,
        team_member_id: world.salon.adminMemberId,
        starts_at: at(day, time),
      })
    const seats: Appointment[] = []
    for (let n = 0; n < 3; n++) {
      const response = await seat()
      expect(response.statusCode, response.body).toBe(201)
      seats.push(response.json())
    }
    expect(seats.map((s) => [s.capacity, s.seats_booked])).toEqual([
      [3, 1],
      [3, 2],
      [3, 3],
    ])

    const full = expectProblem(await seat(), 409)
    expect(full.detail).toBe('This session is full (3 of 3 seats).')
    // Another start of the same class overlapping the session is a clash, not a seat.
    expectProblem(await seat('10:30'), 409)
    // A cancelled seat is free again.
    const cancelled = await call(
      world.testApp,
      world.salon.owner,
      'POST',
      `/api/v1/appointments/${seats[0]?.id}/cancel`,
      { reason: 'Changed plans' },
    )
    expect(cancelled.json<Appointment>()).toMatchObject({ status: 'cancelled', seats_booked: 2 })
    const again = await seat()
    expect(again.statusCode, again.body).toBe(201)
    expect(again.json<Appointment>().seats_booked).toBe(3)
  })
})
