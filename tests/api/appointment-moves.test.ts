import { and, asc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { appointments, notificationOutbox, tenantSettings } from '../../server/db/schema.ts'
import type { components } from '../../shared/contract/schema.d.ts'
import { uniqueEmail } from '../support/api/emulator-users.ts'
import { outboxFor } from '../support/api/outbox.ts'
import {
  addBookingCustomer,
  addService,
  setUpSchedulingWorld,
} from '../support/api/scheduling-business.ts'
import { activityFor, call, expectInvalid, expectProblem } from '../support/api/team-business.ts'

// Staff moves and resizes from the calendar: the customer e-mail choice, withheld notices and
// the exact undo. Plain rescheduling is in appointment-updates.test.ts.

type Appointment = components['schemas']['Appointment']
type UpdatedAppointment = components['schemas']['UpdatedAppointment']

const world = setUpSchedulingWorld({ label: 'Move', otherLabel: 'Elsewhere' })
const { at, freshDay } = world

beforeAll(async () => {
  await addBookingCustomer(world.testApp, world.salon, {
    name: 'Alex Kim',
    email: uniqueEmail('alex'),
  })
})

const book = (day: number, time = '10:00', extra: Record<string, unknown> = {}) =>
  world.api.booked(world.salon.owner, {
    team_member_id: world.salon.staffMemberId,
    starts_at: at(day, time),
    ...extra,
  })

const patch = (id: string, body: object) =>
  call(world.testApp, world.salon.owner, 'PATCH', `/api/v1/appointments/${id}`, body)

const undo = (id: string, body: object) =>
  call(world.testApp, world.salon.owner, 'POST', `/api/v1/appointments/${id}/undo-change`, body)

async function moved(id: string, body: object): Promise<UpdatedAppointment> {
  const response = await patch(id, body)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<UpdatedAppointment>()
}

/** The e-mails written after the booking's own confirmations, in order. */
async function noticesAfterBooking(id: string) {
  const rows = await outboxFor(world.testApp, id).orderBy(
    asc(notificationOutbox.createdAt),
    asc(notificationOutbox.recipient),
  )
  return rows.filter((row) => !(row.kind === 'confirmation' && row.changeId === null))
}

const placeOf = (appointment: Appointment) => ({
  starts_at: appointment.starts_at,
  ends_at: appointment.ends_at,
  team_member_id: appointment.team_member_id,
  outside_working_hours: appointment.outside_working_hours,
})

async function busyRangeOf(id: string) {
  const [row] = await world.testApp.database.db
    .select({ from: appointments.busyFrom, until: appointments.busyUntil })
    .from(appointments)
    .where(eq(appointments.id, id))
  return { from: row?.from.toISOString(), until: row?.until.toISOString() }
}

async function setDefault(notify: boolean) {
  await world.testApp.database.db
    .update(tenantSettings)
    .set({ notifyCustomerOnStaffChange: notify })
    .where(eq(tenantSettings.tenantId, world.salon.tenantId))
}

describe('a staff move', () => {
  it('withholds its e-mails for the undo window and answers the change to undo', async () => {
    const day = freshDay()
    const appointment = await book(day)
    const before = Date.now()
    const answer = await moved(appointment.id, {
      starts_at: at(day, '14:00'),
      team_member_id: world.salon.adminMemberId,
    })

    expect(answer.change_id).toMatch(/^[0-9a-f-]{36}$/)
    const notices = await noticesAfterBooking(appointment.id)
    expect(notices.map((row) => [row.kind, row.recipient]).sort()).toEqual([
      ['cancellation', 'team_member'],
      ['confirmation', 'team_member'],
      ['reschedule', 'customer'],
    ])
    for (const row of notices) {
      expect(row.changeId).toBe(answer.change_id)
      expect(row.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 30_000)
      expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 30_000)
    }
  })

  it('tells the customer only when asked to, the setting deciding when the move does not say', async () => {
    const customerNotices = async (body: object) => {
      const day = freshDay()
      const appointment = await book(day)
      await moved(appointment.id, { starts_at: at(day, '15:00'), ...body })
      const notices = await noticesAfterBooking(appointment.id)
      return notices.filter((row) => row.recipient === 'customer').length
    }
    expect(await customerNotices({})).toBe(1)
    expect(await customerNotices({ notify_customer: false })).toBe(0)
    await setDefault(false)
    try {
      expect(await customerNotices({})).toBe(0)
      expect(await customerNotices({ notify_customer: true })).toBe(1)
    } finally {
      await setDefault(true)
    }
  })

  it('a change of notes alone is no change to undo', async () => {
    const appointment = await book(freshDay())
    expect((await moved(appointment.id, { notes: 'Fringe only' })).change_id).toBeNull()
  })
})

describe('a resize', () => {
  it('changes the length, keeps the buffer after the new end and logs the new end', async () => {
    const day = freshDay()
    const appointment = await book(day)
    const answer = await moved(appointment.id, { ends_at: at(day, '11:30') })

    expect(answer).toMatchObject({ starts_at: at(day, '10:00'), ends_at: at(day, '11:30') })
    expect(await busyRangeOf(appointment.id)).toEqual({
      from: at(day, '10:00'),
      until: at(day, '11:40'),
    })
    const [entry] = await activityFor(world.testApp, world.salon.tenantId, appointment.id)
    expect(entry?.summary).toMatch(
      /^Changed the end of Haircut for .* to .* 11:30 \(Europe\/Berlin\)$/,
    )
    expect(answer.change_id).not.toBeNull()
  })

  it('is checked like a move: other appointments with buffers, working hours unless overridden', async () => {
    const day = freshDay()
    const appointment = await book(day, '09:00')
    const next = await book(day, '10:30')

    // 09:00–10:25 plus the 10-minute buffer reaches into the next one at 10:30.
    const clash = expectProblem(await patch(appointment.id, { ends_at: at(day, '10:25') }), 409)
    expect(clash.existing?.id).toBe(next.id)
    await moved(appointment.id, { ends_at: at(day, '10:20') })
    // Past the lunch break at 12:00.
    expectProblem(await patch(next.id, { ends_at: at(day, '12:30') }), 409)
    const overridden = await moved(next.id, {
      ends_at: at(day, '12:30'),
      override_working_hours: true,
    })
    expect(overridden.outside_working_hours).toBe(true)
  })

  it('refuses an end that is not after the start, not a whole minute, too long or with a new service', async () => {
    const day = freshDay()
    const appointment = await book(day)
    for (const ends_at of [
      at(day, '10:00'),
      at(day, '09:00'),
      new Date(Date.parse(at(day, '11:00')) + 30_000).toISOString(),
      new Date(Date.parse(at(day, '10:00')) + 25 * 3_600_000).toISOString(),
    ]) {
      expectInvalid(await patch(appointment.id, { ends_at }), 'body.ends_at')
    }
    const colour = await addService(world.testApp, world.salon.owner, {
      name: 'Colour',
      duration_minutes: 60,
      team_member_ids: [world.salon.staffMemberId],
    })
    expectInvalid(
      await patch(appointment.id, { ends_at: at(day, '11:00'), service_id: colour }),
      'body.ends_at',
    )
    expectInvalid(await patch(appointment.id, { ends_at: 'tomorrow' }), 'body.ends_at')
  })
})

describe('undoing a change', () => {
  it('puts the appointment back exactly, sends nothing, and logs the move and its undo', async () => {
    const day = freshDay()
    const appointment = await book(day)
    const change = await moved(appointment.id, {
      starts_at: at(day, '14:00'),
      ends_at: at(day, '15:15'),
      team_member_id: world.salon.adminMemberId,
    })
    const busyBefore = await busyRangeOf(appointment.id)

    const response = await undo(appointment.id, { change_id: change.change_id })

    expect(response.statusCode, response.body).toBe(200)
    expect(placeOf(response.json<Appointment>())).toEqual(placeOf(appointment))
    expect(await busyRangeOf(appointment.id)).toEqual({
      from: appointment.starts_at,
      until: at(day, '10:55'),
    })
    expect(busyBefore.from).toBe(at(day, '14:00'))
    expect(await noticesAfterBooking(appointment.id)).toEqual([])
    const [undoEntry, moveEntry] = await activityFor(
      world.testApp,
      world.salon.tenantId,
      appointment.id,
    )
    expect(moveEntry?.summary).toMatch(
      /^Rescheduled Haircut .* 10:00 .* to .* 14:00 .* with Move Admin$/,
    )
    expect(undoEntry?.summary).toMatch(
      /^Undid the last change of Haircut for .* with Move Admin, .* 14:00 \(Europe\/Berlin\): back to .* 10:00 \(Europe\/Berlin\) with Move Staff$/,
    )
    expect(undoEntry?.changes.map((c) => c.field)).toEqual(
      expect.arrayContaining(['team_member_name', 'starts_at', 'ends_at']),
    )
    expectProblem(await undo(appointment.id, { change_id: change.change_id }), 409)
  })

  it('restores the outside-hours flag of a booking made outside working hours', async () => {
    const day = freshDay()
    const appointment = await book(day, '07:00', { override_working_hours: true })
    expect(appointment.outside_working_hours).toBe(true)
    const change = await moved(appointment.id, { starts_at: at(day, '10:00') })
    expect(change.outside_working_hours).toBe(false)

    const response = await undo(appointment.id, { change_id: change.change_id })
    expect(response.statusCode, response.body).toBe(200)
    expect(placeOf(response.json<Appointment>())).toEqual(placeOf(appointment))
  })

  it('sends a correction when a notice already went', async () => {
    const day = freshDay()
    const appointment = await book(day)
    const change = await moved(appointment.id, { starts_at: at(day, '14:00') })
    // As the delivery job leaves a message it sent.
    await world.testApp.database.db
      .update(notificationOutbox)
      .set({ status: 'sent', attempts: 1, sentAt: new Date() })
      .where(
        and(
          eq(notificationOutbox.changeId, change.change_id as string),
          eq(notificationOutbox.recipient, 'customer'),
        ),
      )

    expect((await undo(appointment.id, { change_id: change.change_id })).statusCode).toBe(200)

    const notices = await noticesAfterBooking(appointment.id)
    const corrections = notices.filter((row) => row.changeId === null)
    expect(corrections.map((row) => [row.kind, row.recipient, row.status])).toEqual([
      ['reschedule', 'customer', 'pending'],
      ['reschedule', 'team_member', 'pending'],
    ])
    expect(corrections[0]?.bodyText).toContain('10:00')
    expect(corrections[0]?.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now())
    // The member's withheld notice of the move was withdrawn; the customer's had gone.
    expect(notices.filter((row) => row.changeId !== null).map((row) => row.recipient)).toEqual([
      'customer',
    ])
  })

  it('is refused once the appointment changed again, or its old time was taken', async () => {
    const day = freshDay()
    const appointment = await book(day)
    const first = await moved(appointment.id, { starts_at: at(day, '14:00') })
    await moved(appointment.id, { starts_at: at(day, '15:00') })
    const again = expectProblem(await undo(appointment.id, { change_id: first.change_id }), 409)
    expect(again.detail).toMatch(/changed again/)

    const other = await book(day, '09:00')
    const change = await moved(other.id, { starts_at: at(day, '16:00') })
    const taker = await book(day, '09:00')
    const taken = expectProblem(await undo(other.id, { change_id: change.change_id }), 409)
    expect(taken.existing?.id).toBe(taker.id)
  })

  it('knows only changes of this appointment in this business, and names a bad id', async () => {
    const day = freshDay()
    const appointment = await book(day)
    const change = await moved(appointment.id, { starts_at: at(day, '14:00') })
    const sibling = await book(day, '16:00')
    const theirs = await world.api.booked(world.other.owner, {
      service_id: world.other.haircutId,
      customer_id: world.other.customerId,
      team_member_id: world.other.staffMemberId,
      starts_at: at(day, '10:00'),
    })

    expectProblem(await undo(sibling.id, { change_id: change.change_id }), 404)
    expectProblem(await undo(theirs.id, { change_id: change.change_id }), 404)
    expectProblem(
      await call(
        world.testApp,
        world.other.owner,
        'POST',
        `/api/v1/appointments/${appointment.id}/undo-change`,
        { change_id: change.change_id },
      ),
      404,
    )
    expectProblem(await undo(appointment.id, { change_id: crypto.randomUUID() }), 404)
    expectInvalid(await undo(appointment.id, { change_id: 'last' }), 'body.change_id')
    expectInvalid(await undo(appointment.id, {}), 'body.change_id')
    // Nothing of it was undone by the refusals.
    expect((await undo(appointment.id, { change_id: change.change_id })).statusCode).toBe(200)
  })

  it('a staff member may undo only in their own column', async () => {
    const day = freshDay()
    const appointment = await book(day)
    const change = await moved(appointment.id, {
      starts_at: at(day, '14:00'),
      team_member_id: world.salon.adminMemberId,
    })
    const asStaff = await call(
      world.testApp,
      world.salon.staff,
      'POST',
      `/api/v1/appointments/${appointment.id}/undo-change`,
      { change_id: change.change_id },
    )
    expectProblem(asStaff, 403)
  })
})

describe('the setting', () => {
  it('is shown with the e-mail settings, changed by a PUT and kept by one that leaves it out', async () => {
    const owner = (body: object) =>
      call(world.testApp, world.salon.owner, 'PUT', '/api/v1/settings/notifications', body)
    const read = async () =>
      (await call(world.testApp, world.salon.owner, 'GET', '/api/v1/settings')).json<
        components['schemas']['Settings']
      >().notifications
    const saved = await read()
    expect(saved.notify_customer_on_staff_change).toBe(true)

    const off = await owner({ ...saved, notify_customer_on_staff_change: false })
    expect(off.statusCode, off.body).toBe(200)
    const { notify_customer_on_staff_change: _, ...older } = saved
    await owner({ ...older, reminder_lead_minutes: 60 })
    expect(await read()).toMatchObject({
      notify_customer_on_staff_change: false,
      reminder_lead_minutes: 60,
    })
    await owner(saved)
  })
})
