import { describe, expect, it } from 'vitest'
import { changedFields } from '../../../../server/domain/activity-changes.ts'
import {
  appointmentFields,
  bookedSummary,
  cancelledSummary,
  closedSummary,
  describeAppointment,
  updateSummary,
} from '../../../../server/domain/appointment-changes.ts'

const zone = 'Europe/Berlin'
const haircut = {
  service_name: 'Haircut',
  customer_name: 'Ana Lopez',
  team_member_name: 'Bob',
  // Friday 27 November 2026, 10:00 in Berlin (UTC+1).
  starts_at: '2026-11-27T09:00:00.000Z',
  ends_at: '2026-11-27T09:45:00.000Z',
  notes: '',
  status: 'confirmed',
  cancel_reason: null,
  price: { amount_minor: 3000, currency: 'EUR' },
  outside_working_hours: false,
  checked_in_at: null as string | null,
}

const summaryOf = (after: typeof haircut) =>
  updateSummary(haircut, after, changedFields(haircut, after, appointmentFields), zone)

describe('one-line summaries', () => {
  it('describes an appointment on the business’s wall clock, naming the zone', () => {
    expect(describeAppointment(haircut, zone)).toBe(
      'Haircut for Ana Lopez with Bob, Fri 27 Nov 10:00 (Europe/Berlin)',
    )
    expect(describeAppointment(haircut, 'America/New_York')).toBe(
      'Haircut for Ana Lopez with Bob, Fri 27 Nov 04:00 (America/New_York)',
    )
  })

  it('says booked, cancelled (with the reason) and closed', () => {
    expect(bookedSummary(haircut, zone)).toBe(
      'Booked Haircut for Ana Lopez with Bob, Fri 27 Nov 10:00 (Europe/Berlin)',
    )
    expect(cancelledSummary(haircut, 'Customer is ill', zone)).toBe(
      'Cancelled Haircut for Ana Lopez with Bob, Fri 27 Nov 10:00 (Europe/Berlin): Customer is ill',
    )
    expect(closedSummary(haircut, 'no_show', zone)).toBe(
      'Marked Haircut for Ana Lopez with Bob, Fri 27 Nov 10:00 (Europe/Berlin) as a no-show',
    )
    expect(closedSummary(haircut, 'completed', zone)).toMatch(/ as completed$/)
  })

  it('says rescheduled, with the new time and team member, and what else changed', () => {
    const moved = {
      ...haircut,
      starts_at: '2026-11-28T10:30:00.000Z',
      ends_at: '2026-11-28T11:15:00.000Z',
    }
    expect(summaryOf(moved)).toBe(
      'Rescheduled Haircut for Ana Lopez with Bob, Fri 27 Nov 10:00 (Europe/Berlin) to Sat 28 Nov 11:30 (Europe/Berlin)',
    )
    expect(summaryOf({ ...moved, team_member_name: 'Carla', notes: 'Window seat' })).toBe(
      'Rescheduled Haircut for Ana Lopez with Bob, Fri 27 Nov 10:00 (Europe/Berlin) to Sat 28 Nov 11:30 (Europe/Berlin) with Carla; changed the notes',
    )
    expect(summaryOf({ ...haircut, team_member_name: 'Carla' })).toBe(
      'Reassigned Haircut for Ana Lopez with Bob, Fri 27 Nov 10:00 (Europe/Berlin) to Carla',
    )
  })

  it('lists the fields of an edit in place', () => {
    expect(
      summaryOf({
        ...haircut,
        service_name: 'Colour',
        ends_at: '2026-11-27T10:30:00.000Z',
        price: { amount_minor: 9000, currency: 'EUR' },
      }),
    ).toBe(
      'Changed the service and price of Haircut for Ana Lopez with Bob, Fri 27 Nov 10:00 (Europe/Berlin)',
    )
    expect(summaryOf({ ...haircut, customer_name: 'Ben Okafor' })).toBe(
      'Changed the customer of Haircut for Ana Lopez with Bob, Fri 27 Nov 10:00 (Europe/Berlin)',
    )
  })
})

describe('before and after', () => {
  it('records names rather than ids, and only what changed', () => {
    expect(
      changedFields(haircut, { ...haircut, team_member_name: 'Carla' }, appointmentFields),
    ).toEqual([{ field: 'team_member_name', before: 'Bob', after: 'Carla' }])
    expect(changedFields(null, haircut, appointmentFields).map((change) => change.field)).toEqual([
      'service_name',
      'team_member_name',
      'customer_name',
      'starts_at',
      'ends_at',
      'status',
      'notes',
      'price',
      'outside_working_hours',
    ])
  })
})
