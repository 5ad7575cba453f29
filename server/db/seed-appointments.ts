import { addDays, dateAt, wallClockInstant } from '../domain/business-time.ts'
import type { Actor } from '../domain/member.ts'
import type { Db } from './database.ts'
import { type PastVisit, pastWeeks, type SeedService, writePastVisits } from './seed-history.ts'

/**
 * Books one demo appointment through the booking service, so every rule holds; false when the
 * rules refuse it (nobody free then). Passed in because the service sits above this layer.
 */
export type DemoBooking = (
  tx: Db,
  request: {
    tenantId: string
    serviceId: string
    customerId: string
    startsAt: Date
    source: 'staff'
    createdBy: string
    actor: Actor
    now: number
  },
) => Promise<boolean>

/** What the demo week looks like: each day's times (business wall clock) and services. */
const dayPlan = [
  { time: '10:00', service: 'Signature Haircut' },
  { time: '11:30', service: 'Beard Trim & Hot Towel' },
  { time: '14:30', service: 'Color & Gloss' },
  { time: '16:15', service: 'Blowout & Style' },
]

/**
 * Demo appointments so the calendar and dashboard have something to show on the first start:
 * today and each of the next seven days get up to two bookings (alternating halves of the day
 * plan), booked through the booking service as "any available", so every rule holds and
 * whoever works then takes them; a time nobody can take is skipped. Times already past today,
 * one completed and one no-show appointment two and three days ago, and five weeks before
 * those (`pastWeeks`) are written directly as history, each with a team member whose working
 * time covers it.
 */
export async function seedDemoAppointments(
  tx: Db,
  input: {
    tenantId: string
    timeZone: string
    currency: string
    owner: Actor
    services: SeedService[]
    customerIds: string[]
    book: DemoBooking
    now?: number
  },
): Promise<void> {
  const now = input.now ?? Date.now()
  const today = dateAt(now, input.timeZone)
  const serviceNamed = (name: string) => {
    const service = input.services.find((candidate) => candidate.name === name)
    if (!service) throw new Error(`Seed service "${name}" is missing.`)
    return service
  }
  let nextCustomer = 0
  const customer = () => input.customerIds[nextCustomer++ % input.customerIds.length] as string

  // Each past appointment at the first of its times someone worked then.
  const history: PastVisit[] = [
    {
      startsAt: ['10:00', '15:00'].map((time) => at(addDays(today, -3), time)),
      service: serviceNamed('Signature Haircut'),
      status: 'no_show',
    },
    {
      startsAt: ['10:00', '15:00'].map((time) => at(addDays(today, -2), time)),
      service: serviceNamed('Blowout & Style'),
      status: 'completed',
    },
  ]
  for (let day = 0; day <= 7; day++) {
    const date = addDays(today, day)
    const plan = day === 0 ? dayPlan : dayPlan.filter((_, index) => index % 2 === day % 2)
    for (const entry of plan) {
      const startsAt = at(date, entry.time)
      const service = serviceNamed(entry.service)
      if (startsAt <= now) {
        history.push({ startsAt: [startsAt], service, status: 'completed' })
        continue
      }
      // Nobody free then (a day off, time off): the demo week simply has one fewer.
      await input.book(tx, {
        tenantId: input.tenantId,
        serviceId: service.id,
        customerId: customer(),
        startsAt: new Date(startsAt),
        source: 'staff',
        createdBy: input.owner.uid,
        actor: input.owner,
        now,
      })
    }
  }

  // These first, so they keep their times; the weeks of history fill in around them.
  await writePastVisits(
    tx,
    { tenantId: input.tenantId, currency: input.currency, owner: input.owner, now, customer },
    [...history, ...pastWeeks(today, at, serviceNamed)],
  )

  function at(date: string, time: string): number {
    return wallClockInstant(date, time, input.timeZone)
  }
}
