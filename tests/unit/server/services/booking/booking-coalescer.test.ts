import { describe, expect, it } from 'vitest'
import {
  type CommittedBooking,
  createBookingCoalescer,
} from '../../../../../server/services/booking/booking-coalescer.ts'
import type { components } from '../../../../../shared/contract/schema.d.ts'

type Appointment = components['schemas']['Appointment']

const key = {
  tenantId: 't1',
  teamMemberId: 'm1',
  serviceId: 's1',
  startsAt: new Date('2026-12-01T09:00:00Z'),
}

function committed(id: string, capacity = 1): CommittedBooking {
  return { appointment: { id, capacity } as Appointment, timeZone: 'Europe/Berlin' }
}

/** A booking that settles when the test says so, counting how often it ran. */
function gatedBooking(outcome: () => CommittedBooking) {
  let release: () => void = () => {}
  const gate = new Promise<void>((resolve) => {
    release = resolve
  })
  const booking = {
    runs: 0,
    release,
    book: async () => {
      booking.runs++
      await gate
      return outcome()
    },
  }
  return booking
}

const mustNotRun = () => Promise.reject(new Error('must not run'))
/** The winner still holds the time: identical bookings are refused with this error. */
const holds = async (winner: CommittedBooking) => new Error(`taken by ${winner.appointment.id}`)
const released = async () => null

describe('booking coalescer', () => {
  it('refuses identical bookings while one is in flight and after it committed, without running them', async () => {
    const coalescer = createBookingCoalescer()
    const first = gatedBooking(() => committed('winner'))
    const winner = coalescer.run(key, first.book, holds)
    const waiting = Array.from({ length: 5 }, () => coalescer.run(key, mustNotRun, holds))
    first.release()
    await expect(winner).resolves.toMatchObject({ appointment: { id: 'winner' } })
    for (const loser of waiting) await expect(loser).rejects.toThrow('taken by winner')
    // Arriving after the commit (queued behind it on one connection): the same answer.
    await expect(coalescer.run(key, mustNotRun, holds)).rejects.toThrow('taken by winner')
    expect(first.runs).toBe(1)
  })

  it('asks once whether the committed booking still holds, for all identical bookings arriving together', async () => {
    const coalescer = createBookingCoalescer()
    await coalescer.run(key, async () => committed('winner'), holds)
    let checks = 0
    const countedHolds = async (winner: CommittedBooking) => {
      checks++
      await new Promise((resolve) => setTimeout(resolve, 5))
      return holds(winner)
    }
    const losers = Array.from({ length: 10 }, () => coalescer.run(key, mustNotRun, countedHolds))
    for (const loser of losers) await expect(loser).rejects.toThrow('taken by winner')
    expect(checks).toBe(1)
    // A later arrival asks again: the answer is not kept.
    await expect(coalescer.run(key, mustNotRun, countedHolds)).rejects.toThrow('taken by winner')
    expect(checks).toBe(2)
  })

  it('books the normal way once the committed booking no longer holds the time (cancelled or moved)', async () => {
    const coalescer = createBookingCoalescer()
    await coalescer.run(key, async () => committed('cancelled later'), holds)
    await expect(
      coalescer.run(key, async () => committed('rebooked'), released),
    ).resolves.toMatchObject({ appointment: { id: 'rebooked' } })
  })

  it('forgets a committed booking after the given time', async () => {
    const coalescer = createBookingCoalescer(5)
    await coalescer.run(key, async () => committed('old'), holds)
    await new Promise((resolve) => setTimeout(resolve, 20))
    await expect(coalescer.run(key, async () => committed('new'), holds)).resolves.toMatchObject({
      appointment: { id: 'new' },
    })
  })

  it('lets the next identical booking run when the one in flight was refused', async () => {
    const coalescer = createBookingCoalescer()
    const first = gatedBooking(() => {
      throw new Error('outside working hours')
    })
    const refused = coalescer.run(key, first.book, holds)
    const second = coalescer.run(key, async () => committed('second'), holds)
    first.release()
    await expect(refused).rejects.toThrow('outside working hours')
    await expect(second).resolves.toMatchObject({ appointment: { id: 'second' } })
  })

  it('does not answer for a group session: seats are counted by the database, concurrently', async () => {
    const coalescer = createBookingCoalescer()
    const first = gatedBooking(() => committed('seat 1', 3))
    const firstSeat = coalescer.run(key, first.book, holds)
    const waiting = [
      gatedBooking(() => committed('seat 2', 3)),
      gatedBooking(() => committed('seat 3', 3)),
    ]
    const later = waiting.map((seat) => coalescer.run(key, seat.book, holds))
    first.release()
    await expect(firstSeat).resolves.toMatchObject({ appointment: { id: 'seat 1' } })
    // Both later seats are under way at once, neither waiting for the other.
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect(waiting.map((seat) => seat.runs)).toEqual([1, 1])
    for (const seat of waiting) seat.release()
    await expect(Promise.all(later)).resolves.toMatchObject([
      { appointment: { id: 'seat 2' } },
      { appointment: { id: 'seat 3' } },
    ])
  })

  it('runs bookings with another start, service, member or business, and "any available", side by side', async () => {
    const coalescer = createBookingCoalescer()
    const first = gatedBooking(() => committed('first'))
    const pending = coalescer.run(key, first.book, holds)
    const others = [
      { ...key, startsAt: new Date('2026-12-01T09:15:00Z') },
      { ...key, serviceId: 's2' },
      { ...key, teamMemberId: 'm2' },
      { ...key, tenantId: 't2' },
      { ...key, teamMemberId: undefined },
    ]
    const results = await Promise.all(
      others.map((other, n) => coalescer.run(other, async () => committed(`other ${n}`), holds)),
    )
    expect(results.map((result) => result.appointment.id)).toEqual([
      'other 0',
      'other 1',
      'other 2',
      'other 3',
      'other 4',
    ])
    first.release()
    await pending
  })
})
