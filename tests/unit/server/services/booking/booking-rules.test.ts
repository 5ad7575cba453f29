import { describe, expect, it } from 'vitest'
import type { ServiceRow } from '../../../../../server/db/repositories/appointment-repository.ts'
import { Refusal } from '../../../../../server/domain/refusal.ts'
import {
  checkActiveService,
  checkBookingNotice,
  checkInFuture,
  checkPerformerRow,
  outsideWorkingTime,
  unknownCustomer,
} from '../../../../../server/services/booking/booking-rules.ts'

const NOW = Date.parse('2026-12-01T08:00:00Z')
const HOUR = 3_600_000

const cut = { id: 's1', name: 'Cut', active: true } as ServiceRow

/** What `act` threw, which must be a Refusal. */
function refusalOf(act: () => unknown): Refusal {
  try {
    act()
  } catch (error) {
    expect(error).toBeInstanceOf(Refusal)
    return error as Refusal
  }
  throw new Error('expected a refusal')
}

describe('the booking rules', () => {
  it('refuse a start that is not in the future, naming starts_at', () => {
    expect(() => checkInFuture(NOW + 1, NOW)).not.toThrow()
    const refusal = refusalOf(() => checkInFuture(NOW, NOW))
    expect(refusal.kind).toBe('invalid')
    expect(refusal.message).toBe('body.starts_at must be in the future.')
    expect(refusal.errors).toEqual([{ path: 'body.starts_at', message: 'must be in the future' }])
  })

  it('take an active service, and refuse a missing or inactive one at the path named', () => {
    expect(checkActiveService(cut, 'body.service_id')).toBe(cut)
    const missing = refusalOf(() => checkActiveService(undefined, 'body.service_id'))
    expect(missing.message).toBe('body.service_id is not a service of this business.')
    const inactive = refusalOf(() =>
      checkActiveService({ ...cut, active: false }, 'body.service_id'),
    )
    expect(inactive.kind).toBe('invalid')
    expect(inactive.errors).toEqual([
      { path: 'body.service_id', message: 'is Cut, which is inactive' },
    ])
  })

  it('take a bookable member who performs the service, and say why not otherwise', () => {
    const ana = { id: 'm1', name: 'Ana', bookable: true, performs: true }
    expect(() => checkPerformerRow(ana, cut, 'body.team_member_id')).not.toThrow()
    expect(refusalOf(() => checkPerformerRow(undefined, cut, 'body.team_member_id')).message).toBe(
      'body.team_member_id is not a team member of this business.',
    )
    expect(
      refusalOf(() => checkPerformerRow({ ...ana, performs: false }, cut, 'path')).errors,
    ).toEqual([{ path: 'path', message: 'is Ana, who does not perform Cut' }])
    expect(
      refusalOf(() => checkPerformerRow({ ...ana, bookable: false }, cut, 'path')).errors,
    ).toEqual([{ path: 'path', message: 'is Ana, who is not bookable' }])
  })

  it('refuse an unknown customer on customer_id', () => {
    const refusal = unknownCustomer()
    expect(refusal.kind).toBe('invalid')
    expect(refusal.errors?.[0]?.path).toBe('body.customer_id')
  })

  it('give a customer start too soon or too far ahead each its own problem type', () => {
    const notice = { minNoticeMinutes: 120, bookingWindowDays: 7 }
    expect(() => checkBookingNotice(NOW + 3 * HOUR, notice, NOW)).not.toThrow()
    const soon = refusalOf(() => checkBookingNotice(NOW + HOUR, notice, NOW))
    expect(soon.kind).toBe('invalid')
    expect(soon.type).toBe('/problems/too-soon')
    expect(soon.errors?.[0]?.path).toBe('body.starts_at')
    const far = refusalOf(() => checkBookingNotice(NOW + 8 * 24 * HOUR, notice, NOW))
    expect(far.type).toBe('/problems/too-far-ahead')
    expect(far.message).toBe('body.starts_at must be within 7 days from now.')
  })

  it('refuse a start outside working time as a conflict pointing at the override', () => {
    const startsAt = Date.parse('2026-12-01T09:00:00Z')
    const hours = outsideWorkingTime(
      { kind: 'outside_working_hours' },
      'Ana',
      startsAt,
      'Europe/Berlin',
    )
    expect(hours.kind).toBe('conflict')
    expect(hours.message).toBe(
      "Tue 1 Dec 10:00 (Europe/Berlin) is outside Ana's working hours. Book outside working hours to allow it.",
    )
    expect(hours.errors?.[0]?.path).toBe('body.override_working_hours')
    const away = outsideWorkingTime({ kind: 'time_off' }, 'Ana', startsAt, 'Europe/Berlin')
    expect(away.message).toBe(
      'Ana has time off at Tue 1 Dec 10:00 (Europe/Berlin). Book outside working hours to allow it.',
    )
  })
})
