import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appConnectorFor } from '../../server/calendars/app-connectors.ts'
import { expandStoredBusyTimes } from '../../server/jobs/calendar-expansion.ts'
import { syncDueCalendars } from '../../server/jobs/calendar-sync.ts'
import { writeBackDueEvents } from '../../server/jobs/calendar-write-back.ts'
import { appointmentUid } from '../../server/notifications/ics.ts'
import { createCredentialCipher } from '../../server/security/credential-cipher.ts'
import type { components } from '../../shared/contract/schema.d.ts'
import { outboxFor } from '../support/api/outbox.ts'
import { addBookingCustomer, setUpSchedulingWorld } from '../support/api/scheduling-business.ts'
import { call } from '../support/api/team-business.ts'
import { type CalDavServer, startRadicale } from '../support/caldav/caldav-servers.ts'
import {
  deleteObject,
  eventText,
  getObject,
  makeCalendar,
  minimalParse,
  objectHrefs,
  putObject,
  startOf,
} from '../support/caldav/calendar-fixtures.ts'
import { connectCalendar } from '../support/calendar-sync/connected-calendar.ts'

type Appointment = components['schemas']['Appointment']

/*
 * Changes made outside Slotwise come back (issue 25, item 5), with nothing simulated: bookings
 * written into a member's calendar on a real Radicale, the event moved or deleted there as
 * another calendar app would, the real sync flagging the appointment, and staff deciding.
 */

const world = setUpSchedulingWorld({ label: 'Changed Outside', otherLabel: 'Elsewhere' })
const cipher = createCredentialCipher(randomBytes(32))
const parts = () => ({
  cipher,
  connectorFor: appConnectorFor({ google: undefined, allowPrivateAddresses: true }),
  expandBusyTimes: expandStoredBusyTimes,
})
let radicale: CalDavServer
let calendarUrl: string
/** The sync job's clock: each run a little later, so the calendar is due again. */
let clock = Date.now()

beforeAll(async () => {
  radicale = await startRadicale()
  calendarUrl = await makeCalendar(radicale, 'bookings', { name: 'Work' })
  await connectCalendar(world.testApp.database.db, cipher, {
    tenantId: world.salon.tenantId,
    teamMemberId: world.salon.staffMemberId,
    remoteId: calendarUrl,
    addBookings: true,
    credentials: {
      kind: 'caldav',
      serverUrl: calendarUrl,
      username: radicale.username,
      password: radicale.password,
    },
  })
}, 30_000)
afterAll(() => radicale?.stop())

async function sync() {
  clock += 10 * 60_000
  return syncDueCalendars(world.testApp.database, parts(), { now: clock, random: () => 0.5 })
}

async function writeBack() {
  return writeBackDueEvents(world.testApp.database, parts(), { random: () => 0.5 })
}

async function appointment(id: string): Promise<Appointment> {
  const response = await call(world.testApp, world.salon.owner, 'GET', `/api/v1/appointments/${id}`)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<Appointment>()
}

function decide(id: string, decision: 'accept' | 'keep', user = world.salon.owner) {
  return call(world.testApp, user, 'POST', `/api/v1/appointments/${id}/calendar-change`, {
    decision,
  })
}

/** A booking of the staff member, written into their calendar; its event's URL on the server. */
async function bookedAndWritten(day: number, time: string) {
  const booked = await world.api.booked(world.salon.owner, {
    team_member_id: world.salon.staffMemberId,
    starts_at: world.at(day, time),
  })
  expect(await writeBack()).toMatchObject({ written: 1 })
  const href = await eventHref(booked.id)
  if (!href) throw new Error('the booking was not written')
  return { booked, href }
}

async function eventHref(appointmentId: string): Promise<string | undefined> {
  for (const href of await objectHrefs(radicale, calendarUrl)) {
    const object = await getObject(radicale, href)
    if (object?.text.includes(`UID:${appointmentUid(appointmentId)}`)) return href
  }
  return undefined
}

/** The newest entries' summaries (a decision and its move share one instant: any order). */
async function activitySummaries(): Promise<string[]> {
  const response = await call(world.testApp, world.salon.owner, 'GET', '/api/v1/activity-log')
  return response.json<{ items: { summary: string }[] }>().items.map((item) => item.summary)
}

describe('an appointment’s event changed in the member’s calendar', () => {
  it('moved there: flagged once, and accepting it moves the appointment and tells the customer', async () => {
    const day = world.freshDay()
    // From now on the salon books for a customer with an address, who is told of moves.
    await addBookingCustomer(world.testApp, world.salon, {
      name: 'Moved Outside',
      email: 'moved.outside@example.com',
    })
    const { booked, href } = await bookedAndWritten(day, '10:00')
    await sync()
    expect((await appointment(booked.id)).calendar_change).toBeNull()

    // The member drags the event to 15:00–16:00 in their calendar app.
    const [newStart, newEnd] = [world.at(day, '15:00'), world.at(day, '16:00')]
    const uid = appointmentUid(booked.id)
    await putObject(
      radicale,
      calendarUrl,
      new URL(href).pathname.split('/').pop() ?? '',
      eventText({ uid, start: newStart, end: newEnd, summary: 'Busy' }),
    )
    await sync()
    const flagged = (await appointment(booked.id)).calendar_change
    expect(flagged).toMatchObject({
      kind: 'moved',
      calendar_name: 'Test calendar account',
      starts_at: new Date(newStart).toISOString(),
      ends_at: new Date(newEnd).toISOString(),
    })
    // The appointment itself is not changed by the sync.
    expect((await appointment(booked.id)).starts_at).toBe(booked.starts_at)

    // Raised once: a later sync that reads other changes leaves it as it was.
    await putObject(
      radicale,
      calendarUrl,
      'lunch.ics',
      eventText({ uid: 'lunch', start: world.at(day, '12:00'), end: world.at(day, '12:30') }),
    )
    await sync()
    expect((await appointment(booked.id)).calendar_change).toEqual(flagged)

    // Another business cannot see or decide it.
    const elsewhere = await decide(booked.id, 'accept', world.other.owner)
    expect(elsewhere.statusCode, elsewhere.body).toBe(404)

    const accepted = await decide(booked.id, 'accept')
    expect(accepted.statusCode, accepted.body).toBe(200)
    expect(accepted.json<Appointment>()).toMatchObject({
      starts_at: new Date(newStart).toISOString(),
      ends_at: new Date(newEnd).toISOString(),
      status: 'confirmed',
      calendar_change: null,
    })
    const told = await outboxFor(world.testApp, booked.id, {
      kind: 'reschedule',
      recipient: 'customer',
    })
    expect(told).toHaveLength(1)
    expect(await activitySummaries()).toContainEqual(
      expect.stringMatching(/^Accepted the move of Haircut .* made in Test calendar account, to /),
    )

    // Decided once: a second decision finds nothing to decide.
    expect((await decide(booked.id, 'keep')).statusCode).toBe(409)
    // The event is written at the accepted time, and the next sync finds it as Slotwise has it.
    await writeBack()
    const [written] = minimalParse((await getObject(radicale, href))?.text ?? '')
    expect(startOf(written)).toBe(new Date(newStart).toISOString())
    await sync()
    expect((await appointment(booked.id)).calendar_change).toBeNull()
  })

  it('deleted there: keeping ours writes the event again', async () => {
    const day = world.freshDay()
    const { booked, href } = await bookedAndWritten(day, '11:00')
    await sync()
    await deleteObject(radicale, href)
    await sync()
    expect((await appointment(booked.id)).calendar_change).toMatchObject({
      kind: 'deleted',
      starts_at: null,
      ends_at: null,
    })

    const kept = await decide(booked.id, 'keep')
    expect(kept.statusCode, kept.body).toBe(200)
    expect(kept.json<Appointment>()).toMatchObject({
      starts_at: booked.starts_at,
      status: 'confirmed',
      calendar_change: null,
    })
    expect(await activitySummaries()).toContainEqual(
      expect.stringMatching(
        /^Kept Haircut .* as it is: turned down its deletion in Test calendar account$/,
      ),
    )
    expect(await writeBack()).toMatchObject({ written: 1 })
    expect(await eventHref(booked.id)).toBeDefined()
    await sync()
    expect((await appointment(booked.id)).calendar_change).toBeNull()
  })

  it('deleted there: accepting it cancels the appointment', async () => {
    const day = world.freshDay()
    const { booked, href } = await bookedAndWritten(day, '14:00')
    await sync()
    await deleteObject(radicale, href)
    await sync()
    const accepted = await decide(booked.id, 'accept')
    expect(accepted.statusCode, accepted.body).toBe(200)
    expect(accepted.json<Appointment>()).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'Deleted in Test calendar account',
      calendar_change: null,
    })
  })

  it('refuses a decision where nothing changed, and a staff member’s on another’s appointment', async () => {
    const day = world.freshDay()
    const { booked } = await bookedAndWritten(day, '09:00')
    await sync()
    const nothing = await decide(booked.id, 'accept')
    expect(nothing.statusCode, nothing.body).toBe(409)

    const owners = await world.api.booked(world.salon.owner, {
      team_member_id: world.salon.ownerMemberId,
      starts_at: world.at(day, '09:00'),
    })
    const notTheirs = await decide(owners.id, 'keep', world.salon.staff)
    expect(notTheirs.statusCode, notTheirs.body).toBe(403)
  })
})
