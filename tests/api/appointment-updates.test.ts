import { describe, expect, it } from 'vitest'
import type { components } from '../../shared/contract/schema.d.ts'
import { addService, inDays, setUpSchedulingWorld } from '../support/api/scheduling-business.ts'
import { activityFor, call, expectInvalid, expectProblem } from '../support/api/team-business.ts'

// Changing appointments: reschedule and edit, cancel, complete and no-show, other businesses'
// appointments, and the list. Booking itself is in appointments.test.ts.

type Appointment = components['schemas']['Appointment']

const world = setUpSchedulingWorld({ label: 'Desk', otherLabel: 'Other' })
const { at, freshDay } = world

describe('rescheduling and editing', () => {
  it('moves the appointment, which does not clash with itself, and logs the move', async () => {
    const day = freshDay()
    const appointment = await world.api.booked(world.salon.owner, {
      team_member_id: world.salon.staffMemberId,
      starts_at: at(day, '10:00'),
    })

    const response = await call(
      world.testApp,
      world.salon.owner,
      'PATCH',
      `/api/v1/appointments/${appointment.id}`,
      { starts_at: at(day, '10:15') },
    )

    expect(response.statusCode, response.body).toBe(200)
    expect(response.json<Appointment>()).toMatchObject({
      starts_at: at(day, '10:15'),
      ends_at: at(day, '11:00'),
    })
    const [entry] = await activityFor(world.testApp, world.salon.tenantId, appointment.id)
    expect(entry?.summary).toMatch(
      /^Rescheduled Haircut for .* 10:00 \(Europe\/Berlin\) to .* 10:15 \(Europe\/Berlin\)$/,
    )
    expect(entry?.changes).toEqual([
      { field: 'starts_at', before: at(day, '10:00'), after: at(day, '10:15') },
      { field: 'ends_at', before: at(day, '10:45'), after: at(day, '11:00') },
    ])
  })

  it('applies the booking rules to the new time and team member', async () => {
    const day = freshDay()
    const blocker = await world.api.booked(world.salon.owner, {
      team_member_id: world.salon.adminMemberId,
      starts_at: at(day, '14:00'),
    })
    const appointment = await world.api.booked(world.salon.owner, {
      team_member_id: world.salon.staffMemberId,
      starts_at: at(day, '14:00'),
    })
    const url = `/api/v1/appointments/${appointment.id}`

    const clash = expectProblem(
      await call(world.testApp, world.salon.owner, 'PATCH', url, {
        team_member_id: world.salon.adminMemberId,
      }),
      409,
    )
    expect(clash.existing?.id).toBe(blocker.id)
    expectProblem(
      await call(world.testApp, world.salon.owner, 'PATCH', url, { starts_at: at(day, '07:00') }),
      409,
    )
    expectInvalid(
      await call(world.testApp, world.salon.owner, 'PATCH', url, {
        starts_at: new Date(Date.now() - 3_600_000).toISOString(),
      }),
      'body.starts_at',
    )
    const moved = await call(world.testApp, world.salon.owner, 'PATCH', url, {
      team_member_id: world.salon.ownerMemberId,
    })
    expect(moved.statusCode, moved.body).toBe(200)
    const [entry] = await activityFor(world.testApp, world.salon.tenantId, appointment.id)
    expect(entry?.summary).toMatch(/^Reassigned Haircut .* with Desk Staff, .* to Desk Owner$/)
  })

  it('re-captures duration, buffers and price from a new service', async () => {
    const day = freshDay()
    const colour = await addService(world.testApp, world.salon.owner, {
      name: 'Full colour',
      duration_minutes: 90,
      price_minor: 9000,
      buffer_before_minutes: 5,
      team_member_ids: [world.salon.staffMemberId],
    })
    const appointment = await world.api.booked(world.salon.owner, {
      team_member_id: world.salon.staffMemberId,
      starts_at: at(day, '13:00'),
    })

    const response = await call(
      world.testApp,
      world.salon.owner,
      'PATCH',
      `/api/v1/appointments/${appointment.id}`,
      { service_id: colour, notes: 'Copper' },
    )

    expect(response.statusCode, response.body).toBe(200)
    expect(response.json<Appointment>()).toMatchObject({
      service_name: 'Full colour',
      ends_at: at(day, '14:30'),
      buffer_before_minutes: 5,
      buffer_after_minutes: 0,
      price: { amount_minor: 9000, currency: 'USD' },
      notes: 'Copper',
    })
    const [entry] = await activityFor(world.testApp, world.salon.tenantId, appointment.id)
    expect(entry?.summary).toMatch(/^Changed the service, notes and price of Haircut for /)
  })

  it('writes and logs nothing when nothing changes', async () => {
    const appointment = await world.api.booked(world.salon.owner, {
      team_member_id: world.salon.staffMemberId,
      starts_at: at(freshDay(), '10:00'),
    })
    const response = await call(
      world.testApp,
      world.salon.owner,
      'PATCH',
      `/api/v1/appointments/${appointment.id}`,
      { starts_at: appointment.starts_at, notes: '' },
    )
    // No move, so no change to undo.
    expect(response.json()).toEqual({ ...appointment, change_id: null })
    expect(await activityFor(world.testApp, world.salon.tenantId, appointment.id)).toHaveLength(1)
  })

  it.each([
    ['service_id', () => ({ service_id: world.other.haircutId })],
    ['customer_id', () => ({ customer_id: world.other.customerId })],
    ['team_member_id', () => ({ team_member_id: world.other.staffMemberId })],
  ])('refuses another business’s %s with 400, changing nothing', async (field, body) => {
    const appointment = await world.api.booked(world.salon.owner, {
      team_member_id: world.salon.staffMemberId,
      starts_at: at(freshDay(), '10:00'),
    })
    const url = `/api/v1/appointments/${appointment.id}`
    expectInvalid(
      await call(world.testApp, world.salon.owner, 'PATCH', url, body()),
      `body.${field}`,
    )
    expect((await call(world.testApp, world.salon.owner, 'GET', url)).json()).toEqual(appointment)
  })
})

describe('cancelling and closing', () => {
  it('cancels with a reason, frees the time, and is final', async () => {
    const day = freshDay()
    const appointment = await world.api.booked(world.salon.owner, {
      team_member_id: world.salon.staffMemberId,
      starts_at: at(day, '10:00'),
    })
    const url = `/api/v1/appointments/${appointment.id}`
    expectInvalid(
      await call(world.testApp, world.salon.owner, 'POST', `${url}/cancel`, { reason: '   ' }),
      'body.reason',
    )
    expectInvalid(
      await call(world.testApp, world.salon.owner, 'POST', `${url}/cancel`, {}),
      'body.reason',
    )

    const cancelled = await call(world.testApp, world.salon.owner, 'POST', `${url}/cancel`, {
      reason: 'Customer is ill',
    })

    expect(cancelled.statusCode, cancelled.body).toBe(200)
    expect(cancelled.json<Appointment>()).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'Customer is ill',
    })
    const [entry] = await activityFor(world.testApp, world.salon.tenantId, appointment.id)
    expect(entry?.summary).toMatch(/^Cancelled Haircut for .*\(Europe\/Berlin\): Customer is ill$/)
    await world.api.booked(world.salon.owner, {
      team_member_id: world.salon.staffMemberId,
      starts_at: at(day, '10:00'),
    })
    for (const attempt of [
      call(world.testApp, world.salon.owner, 'POST', `${url}/cancel`, { reason: 'Again' }),
      call(world.testApp, world.salon.owner, 'PATCH', url, { notes: 'Revive?' }),
      call(world.testApp, world.salon.owner, 'POST', `${url}/complete`),
      call(world.testApp, world.salon.owner, 'POST', `${url}/no-show`),
    ]) {
      expectProblem(await attempt, 409)
    }
  })

  it('closes an appointment only once it has started', async () => {
    const appointment = await world.api.booked(world.salon.owner, {
      team_member_id: world.salon.staffMemberId,
      starts_at: at(freshDay(), '10:00'),
    })
    const problem = expectProblem(
      await call(
        world.testApp,
        world.salon.owner,
        'POST',
        `/api/v1/appointments/${appointment.id}/complete`,
      ),
      409,
    )
    expect(problem.detail).toContain('has not started yet')
  })

  it('marks a started appointment completed or a no-show, and corrects one to the other', async () => {
    const id = await world.api.started(2)
    const url = `/api/v1/appointments/${id}`

    const noShow = await call(world.testApp, world.salon.owner, 'POST', `${url}/no-show`)
    expect(noShow.statusCode, noShow.body).toBe(200)
    expect(noShow.json<Appointment>().status).toBe('no_show')
    expectProblem(await call(world.testApp, world.salon.owner, 'POST', `${url}/no-show`), 409)
    const completed = await call(world.testApp, world.salon.owner, 'POST', `${url}/complete`)
    expect(completed.json<Appointment>().status).toBe('completed')
    expectProblem(
      await call(world.testApp, world.salon.owner, 'POST', `${url}/cancel`, { reason: 'x' }),
      409,
    )
    expectProblem(await call(world.testApp, world.salon.owner, 'PATCH', url, { notes: 'x' }), 409)

    const entries = await activityFor(world.testApp, world.salon.tenantId, id)
    expect(entries.map((entry) => entry.summary)).toEqual([
      expect.stringMatching(/^Marked Haircut for .* as completed$/),
      expect.stringMatching(/^Marked Haircut for .* as a no-show$/),
    ])
    expect(entries[0]?.changes).toEqual([
      { field: 'status', before: 'no_show', after: 'completed' },
    ])
  })
})

describe('another business’s appointment', () => {
  it('is 404 for every operation, and stays as it was', async () => {
    const theirs = await world.api.booked(world.other.owner, {
      service_id: world.other.haircutId,
      customer_id: world.other.customerId,
      team_member_id: world.other.staffMemberId,
      starts_at: inDays(3, '10:00', world.other.timeZone),
    })
    const url = `/api/v1/appointments/${theirs.id}`
    for (const [method, path, body] of [
      ['GET', url, undefined],
      ['PATCH', url, { notes: 'Hijacked' }],
      ['POST', `${url}/cancel`, { reason: 'Hijacked' }],
      ['POST', `${url}/complete`, undefined],
      ['POST', `${url}/no-show`, undefined],
    ] as const) {
      expectProblem(await call(world.testApp, world.salon.owner, method, path, body), 404)
    }
    expect((await call(world.testApp, world.other.owner, 'GET', url)).json()).toEqual(theirs)
  })
})

describe('listing', () => {
  it('lists the appointments overlapping [from, to), by start, with filters', async () => {
    const day = freshDay()
    const a = await world.api.booked(world.salon.owner, {
      team_member_id: world.salon.staffMemberId,
      starts_at: at(day, '09:00'),
    })
    const b = await world.api.booked(world.salon.owner, {
      team_member_id: world.salon.adminMemberId,
      starts_at: at(day, '10:00'),
    })
    const c = await world.api.booked(world.salon.owner, {
      team_member_id: world.salon.staffMemberId,
      starts_at: at(day, '13:00'),
    })
    await call(world.testApp, world.salon.owner, 'POST', `/api/v1/appointments/${c.id}/cancel`, {
      reason: 'Moved away',
    })
    const list = (query: string) =>
      call(world.testApp, world.salon.staff, 'GET', `/api/v1/appointments?${query}`)
    const ids = async (query: string) => {
      const response = await list(query)
      expect(response.statusCode, response.body).toBe(200)
      return response.json<{ items: Appointment[] }>().items.map((item) => item.id)
    }
    const range = (from: string, to: string) => `from=${from}&to=${to}`
    const wholeDay = range(at(day, '00:00'), at(day + 1, '00:00'))

    expect(await ids(wholeDay)).toEqual([a.id, b.id, c.id])
    // Overlap, not containment: 09:30 is inside a; 10:00 is where a has ended (half-open).
    expect(await ids(range(at(day, '09:30'), at(day, '10:00')))).toEqual([a.id])
    expect(await ids(range(at(day, '09:45'), at(day, '10:01')))).toEqual([b.id])
    expect(await ids(`${wholeDay}&team_member_id=${world.salon.staffMemberId}`)).toEqual([
      a.id,
      c.id,
    ])
    expect(await ids(`${wholeDay}&customer_id=${world.salon.customerId}`)).toEqual([
      a.id,
      b.id,
      c.id,
    ])
    expect(await ids(`${wholeDay}&status=confirmed`)).toEqual([a.id, b.id])
    expect(await ids(`${wholeDay}&status=cancelled,completed`)).toEqual([c.id])
    expect(await ids(`${wholeDay}&status=cancelled&status=confirmed`)).toEqual([a.id, b.id, c.id])

    const limited = (await list(`${wholeDay}&limit=2`)).json()
    expect(limited.items.map((item: Appointment) => item.id)).toEqual([a.id, b.id])
    expect(limited.truncated).toBe(true)
    expect((await list(wholeDay)).json().truncated).toBe(false)
  })

  it('refuses a bad range, an unknown status and another business’s ids', async () => {
    const from = at(1, '00:00')
    const list = (query: string) =>
      call(world.testApp, world.salon.owner, 'GET', `/api/v1/appointments?from=${from}&${query}`)
    expectInvalid(await list(`to=${from}`), 'query.to')
    expectInvalid(await list(`to=${at(102, '00:00')}`), 'query.to')
    expectInvalid(await list('to=9999-12-31T00:00:00Z'), 'query.to')
    expectInvalid(
      await call(
        world.testApp,
        world.salon.owner,
        'GET',
        `/api/v1/appointments?from=0000-01-01T00:00:00Z&to=${from}`,
      ),
      'query.from',
    )
    expectProblem(await list(`to=${at(2, '00:00')}&status=confirmed,maybe`), 400)
    expectInvalid(
      await list(`to=${at(2, '00:00')}&team_member_id=${world.other.staffMemberId}`),
      'query.team_member_id',
    )
    expectInvalid(
      await list(`to=${at(2, '00:00')}&customer_id=${world.other.customerId}`),
      'query.customer_id',
    )
  })
})
