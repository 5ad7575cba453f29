import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { checkFit } from '../domain/availability/check-fit.ts'
import { addDays } from '../domain/business-time.ts'
import type { Actor } from '../domain/member.ts'
import type { Db } from './database.ts'
import { createScheduleRepository } from './repositories/schedule-repository.ts'
import {
  appointmentCheckouts,
  appointments,
  paymentRefunds,
  payments,
  serviceTeamMembers,
} from './schema.ts'

/*
 * The demo business's past: weeks of visits written straight into the tables (the booking
 * service books only the future), so Insights, the client profiles and the payments list have
 * something to show on a first start, whatever the weekday.
 */

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS
const DAY_MS = 24 * HOUR_MS

export interface SeedService {
  id: string
  name: string
  durationMinutes: number
  bufferBeforeMinutes: number
  bufferAfterMinutes: number
  priceMinor: number
}

/** A visit of the past, written with the first team member free at one of its times. */
export interface PastVisit {
  /** Starts to try in turn: the first a member who performs the service is free at wins. */
  startsAt: number[]
  service: SeedService
  status: 'completed' | 'no_show' | 'cancelled'
  /** A cancellation: how long before the start it was made (late inside the cut-off). */
  cancelledHoursBefore?: number
  /** A completed visit paid at the till: how, the tip, and cash given back later, if any. */
  till?: { method: 'cash' | 'card_terminal'; tipMinor: number; refundedMinor?: number }
}

/**
 * The weeks of history: from yesterday back to this many days ago (five weeks, so "Last week",
 * "Last 30 days" and "Last month" all have some, and the weeks before them to compare with).
 */
const PAST_DAYS = 34

/** A past day's visits, taken in turn from the day's offset: business wall-clock times. */
const pastDayPlan = [
  { time: '10:00', service: 'Signature Haircut' },
  { time: '11:30', service: 'Color & Gloss' },
  { time: '15:00', service: 'Beard Trim & Hot Towel' },
  { time: '16:15', service: 'Blowout & Style' },
  { time: '14:00', service: 'Signature Haircut' },
]
/** Where a planned time finds nobody (a member's day off or break), these are tried next. */
const FALLBACK_TIMES = ['11:00', '15:00', '16:30']

/**
 * Five weeks of a salon's past: two or three visits a day, most of them completed and paid at
 * the till (cash or card, some with a tip, one partly refunded), two no-shows, a cancellation
 * a week (late and early in turn); the same eight customers keep coming back. Deterministic:
 * the day's distance from today decides everything, so tests can count on it.
 */
export function pastWeeks(
  today: string,
  at: (date: string, time: string) => number,
  serviceNamed: (name: string) => SeedService,
): PastVisit[] {
  const visits: PastVisit[] = []
  for (let day = 1; day <= PAST_DAYS; day++) {
    const date = addDays(today, -day)
    const count = day % 3 === 0 ? 3 : 2
    for (let n = 0; n < count; n++) {
      const planned = pastDayPlan[(day + n * 2) % pastDayPlan.length] as (typeof pastDayPlan)[0]
      const startsAt = [planned.time, ...FALLBACK_TIMES].map((time) => at(date, time))
      // Two no-shows and a cancellation a week (every other one too late to fill the time),
      // all haircuts, which every member does: whoever works that day takes them.
      const haircut = { startsAt, service: serviceNamed('Signature Haircut') }
      if (n === 0 && (day === 9 || day === 23)) {
        visits.push({ ...haircut, status: 'no_show' })
        continue
      }
      if (n === 1 && day % 7 === 5) {
        visits.push({
          ...haircut,
          status: 'cancelled',
          cancelledHoursBefore: day % 14 === 5 ? 2 : 72,
        })
        continue
      }
      const visit = { startsAt, service: serviceNamed(planned.service) }
      const method = (day + n) % 2 === 0 ? 'cash' : 'card_terminal'
      const tipMinor = method === 'card_terminal' && day % 3 === 0 ? 1_000 : 0
      visits.push({
        ...visit,
        status: 'completed',
        till: { method, tipMinor, ...(day === 16 && n === 0 ? { refundedMinor: 1_500 } : {}) },
      })
    }
  }
  return visits
}

/**
 * Writes past visits, each at the first of its times a member who performs the service was
 * free and working (a time nobody could take is left out), with its till checkout and payment
 * at the visit's end and any refund two days later: one insert per table, so a first start
 * stays quick.
 */
export async function writePastVisits(
  tx: Db,
  input: {
    tenantId: string
    currency: string
    owner: Actor
    now: number
    customer: () => string
  },
  visits: PastVisit[],
): Promise<void> {
  const earliest = Math.min(input.now, ...visits.flatMap((visit) => visit.startsAt))
  const schedules = await createScheduleRepository(tx).loadDetailed(input.tenantId, {
    from: earliest - DAY_MS,
    to: input.now + DAY_MS,
  })
  const performers = await tx
    .select()
    .from(serviceTeamMembers)
    .where(eq(serviceTeamMembers.tenantId, input.tenantId))
  const performs = (memberId: string, serviceId: string) =>
    performers.some((row) => row.teamMemberId === memberId && row.serviceId === serviceId)

  const rows = {
    appointments: [] as (typeof appointments.$inferInsert)[],
    payments: [] as (typeof payments.$inferInsert)[],
    checkouts: [] as (typeof appointmentCheckouts.$inferInsert)[],
    refunds: [] as (typeof paymentRefunds.$inferInsert)[],
  }
  for (const [index, visit] of visits.entries()) {
    const { service } = visit
    // Each visit asks the team from a different member on, so the work is shared out.
    const turn = index % schedules.length
    const team = [...schedules.slice(turn), ...schedules.slice(0, turn)]
    const fit = visit.startsAt.flatMap((startsAt) => {
      const member = team.find(
        (schedule) =>
          performs(schedule.teamMemberId, service.id) &&
          checkFit({ schedule, service, startsAt }) === null,
      )
      return member ? [{ member, startsAt }] : []
    })[0]
    if (!fit) continue
    const { member, startsAt } = fit
    const id = randomUUID()
    const endsAt = startsAt + service.durationMinutes * MINUTE_MS
    rows.appointments.push({
      id,
      tenantId: input.tenantId,
      serviceId: service.id,
      teamMemberId: member.teamMemberId,
      customerId: input.customer(),
      startsAt: new Date(startsAt),
      endsAt: new Date(endsAt),
      status: visit.status,
      cancelledAt:
        visit.cancelledHoursBefore === undefined
          ? null
          : new Date(startsAt - visit.cancelledHoursBefore * HOUR_MS),
      priceMinor: service.priceMinor,
      currency: input.currency,
      source: 'staff',
      createdBy: input.owner.uid,
      bufferBeforeMinutes: service.bufferBeforeMinutes,
      bufferAfterMinutes: service.bufferAfterMinutes,
      busyFrom: new Date(startsAt - service.bufferBeforeMinutes * MINUTE_MS),
      busyUntil: new Date(endsAt + service.bufferAfterMinutes * MINUTE_MS),
      seatGroup: id,
    })
    // A cancelled visit leaves its time free for the next one planned there.
    if (visit.status !== 'cancelled') {
      member.busy.push({
        id,
        seatGroup: id,
        startsAt,
        endsAt,
        bufferBeforeMinutes: service.bufferBeforeMinutes,
        bufferAfterMinutes: service.bufferAfterMinutes,
      })
    }
    if (visit.till) tillCheckout(rows, input, { id, service, endsAt }, visit.till)
  }
  if (rows.appointments.length > 0) await tx.insert(appointments).values(rows.appointments)
  if (rows.payments.length > 0) await tx.insert(payments).values(rows.payments)
  if (rows.checkouts.length > 0) await tx.insert(appointmentCheckouts).values(rows.checkouts)
  if (rows.refunds.length > 0) await tx.insert(paymentRefunds).values(rows.refunds)
}

/** The visit's checkout at the till as the front desk records it, dated when it happened. */
function tillCheckout(
  rows: {
    payments: (typeof payments.$inferInsert)[]
    checkouts: (typeof appointmentCheckouts.$inferInsert)[]
    refunds: (typeof paymentRefunds.$inferInsert)[]
  },
  input: { tenantId: string; currency: string; owner: Actor },
  visit: { id: string; service: SeedService; endsAt: number },
  till: NonNullable<PastVisit['till']>,
) {
  const paymentId = randomUUID()
  const paidAt = new Date(visit.endsAt)
  const paidNowMinor = visit.service.priceMinor + till.tipMinor
  const staff = { actorUid: input.owner.uid, actorName: input.owner.name }
  rows.payments.push({
    id: paymentId,
    tenantId: input.tenantId,
    appointmentId: visit.id,
    kind: 'in_person',
    status: 'succeeded',
    method: till.method,
    amountMinor: paidNowMinor,
    refundedAmountMinor: till.refundedMinor ?? 0,
    currency: input.currency,
    paidAt,
    createdAt: paidAt,
  })
  rows.checkouts.push({
    tenantId: input.tenantId,
    appointmentId: visit.id,
    paymentId,
    serviceMinor: visit.service.priceMinor,
    extrasMinor: 0,
    discountMinor: 0,
    paidBeforeMinor: 0,
    tipMinor: till.tipMinor,
    paidNowMinor,
    currency: input.currency,
    ...staff,
    createdAt: paidAt,
  })
  if (till.refundedMinor) {
    rows.refunds.push({
      tenantId: input.tenantId,
      paymentId,
      amountMinor: till.refundedMinor,
      reason: 'Goodwill: part of the service redone',
      cause: 'staff',
      ...staff,
      createdAt: new Date(visit.endsAt + 2 * DAY_MS),
    })
  }
}
