import fc from 'fast-check'
import { Temporal } from 'temporal-polyfill'
import { describe, expect, it } from 'vitest'
import { pooledSlots } from '../../../../../server/domain/availability/any-available.ts'
import { checkFit } from '../../../../../server/domain/availability/check-fit.ts'
import { chooseTeamMember } from '../../../../../server/domain/availability/fair-assignment.ts'
import { memberSlots } from '../../../../../server/domain/availability/slots.ts'
import type {
  AssignmentCandidate,
  BusyAppointment,
  FitProblem,
  MemberSchedule,
  ServiceTiming,
  SlotPolicy,
} from '../../../../../server/domain/availability/types.ts'
import { workingPeriods } from '../../../../../server/domain/availability/working-periods.ts'
import type { TimeOffSpan } from '../../../../../server/domain/time-off.ts'
import type { WorkingDay } from '../../../../../server/domain/working-hours.ts'
import { changeDates, DAY, MINUTE } from '../../../../support/unit/availability-support.ts'

// Random members, services and policies around the days when zones change their offset,
// checked against an oracle that knows nothing of the engine's sweeps and merges: for an
// appointment it asks Temporal for the instants of the day's hours and breaks and compares
// them one by one, then tries every time off and every busy appointment.

const ZONES = [
  'America/New_York',
  'Europe/Berlin',
  'Australia/Lord_Howe',
  'Australia/Adelaide',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'America/St_Johns',
  'America/Santiago',
  'America/Havana',
  'Pacific/Chatham',
  'UTC',
]

const CHANGE_DATES = new Map(ZONES.map((timeZone) => [timeZone, changeDates(timeZone)]))

// Minutes of the day, often on a quarter hour, often in the small hours when zones change.
const minuteOfDay = fc.oneof(
  fc.integer({ min: 0, max: 1439 }),
  fc.integer({ min: 0, max: 95 }).map((quarter) => quarter * 15),
  fc.integer({ min: 0, max: 300 }),
)
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`

/** Sorted distinct minutes: the first and last are the hours, inner pairs the breaks. */
const workingDay = (weekday: number) =>
  fc.uniqueArray(minuteOfDay, { minLength: 2, maxLength: 6 }).map((points): WorkingDay => {
    const sorted = [...points].sort((a, b) => a - b)
    const inner = sorted.slice(1, -1)
    const breaks = []
    for (let i = 0; i + 1 < inner.length; i += 2) {
      breaks.push({ start: hhmm(inner[i] as number), end: hhmm(inner[i + 1] as number) })
    }
    return { weekday, start: hhmm(sorted[0] as number), end: hhmm(sorted.at(-1) as number), breaks }
  })

const week = fc
  .tuple(
    ...[1, 2, 3, 4, 5, 6, 7].map((weekday) =>
      fc.option(workingDay(weekday), { nil: undefined, freq: 8 }),
    ),
  )
  .map((days) => days.filter((d): d is WorkingDay => d !== undefined))

interface World {
  schedule: MemberSchedule
  service: ServiceTiming
  policy: SlotPolicy
  now: number
  from: number
  to: number
}

const world = (teamMemberId = 'm') =>
  fc
    .constantFrom(...ZONES)
    .chain((timeZone) =>
      fc.tuple(fc.constant(timeZone), fc.constantFrom(...(CHANGE_DATES.get(timeZone) ?? []))),
    )
    .chain(([timeZone, date]) => {
      const base = Temporal.PlainDate.from(date)
      const midnight = base.toZonedDateTime(timeZone).epochMilliseconds
      const around = (minMinutes: number, maxMinutes: number) =>
        fc.integer({ min: minMinutes, max: maxMinutes }).map((m) => midnight + m * MINUTE)
      const timeOff: fc.Arbitrary<TimeOffSpan> = fc.oneof(
        fc
          .tuple(fc.integer({ min: -4, max: 4 }), fc.integer({ min: 0, max: 1 }))
          .map(([offset, length]) => ({
            allDay: true as const,
            startDate: base.add({ days: offset }).toString(),
            endDate: base.add({ days: offset + length }).toString(),
          })),
        fc
          .tuple(around(-2 * 1440, 3 * 1440), fc.integer({ min: 1, max: 720 }))
          .map(([start, minutes]) => ({
            allDay: false as const,
            startsAt: new Date(start),
            endsAt: new Date(start + minutes * MINUTE),
          })),
      )
      const busy: fc.Arbitrary<BusyAppointment> = fc
        .record({
          start: fc.oneof(
            around(-2 * 1440, 3 * 1440),
            around(-2 * 96, 3 * 96).map((t) => midnight + (t - midnight) * 15),
          ),
          minutes: fc.integer({ min: 5, max: 240 }),
          bufferBeforeMinutes: fc.integer({ min: 0, max: 60 }),
          bufferAfterMinutes: fc.integer({ min: 0, max: 60 }),
        })
        .map(({ start, minutes, ...buffers }) => ({
          startsAt: start,
          endsAt: start + minutes * MINUTE,
          ...buffers,
        }))
      return fc.record({
        schedule: fc.record({
          teamMemberId: fc.constant(teamMemberId),
          timeZone: fc.constant(timeZone),
          workingHours: week,
          timeOff: fc.array(timeOff, { maxLength: 2 }),
          busy: fc.array(busy, { maxLength: 12 }),
        }),
        service: fc.record({
          durationMinutes: fc.oneof(
            fc.integer({ min: 1, max: 240 }),
            fc.constantFrom(15, 30, 45, 60, 90),
          ),
          bufferBeforeMinutes: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 60 })),
          bufferAfterMinutes: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 60 })),
        }),
        policy: fc.record({
          slotIntervalMinutes: fc.oneof(
            fc.constantFrom(5, 10, 15, 20, 30, 60),
            fc.integer({ min: 5, max: 240 }),
          ),
          minNoticeMinutes: fc.oneof(
            { arbitrary: fc.constant(0), weight: 2 },
            { arbitrary: fc.integer({ min: 0, max: 240 }), weight: 2 },
            { arbitrary: fc.integer({ min: 0, max: 2 * 1440 }), weight: 1 },
          ),
          bookingWindowDays: fc.oneof(
            { arbitrary: fc.constant(Number.POSITIVE_INFINITY), weight: 3 },
            { arbitrary: fc.integer({ min: 1, max: 4 }), weight: 3 },
            { arbitrary: fc.constant(0), weight: 1 },
          ),
        }),
        from: around(-1440, 1440),
        // Mostly a while before `from`, as when a customer looks ahead; sometimes within it.
        nowBefore: fc.oneof(
          fc.integer({ min: 0, max: 2 * 1440 }),
          fc.integer({ min: -1440, max: 0 }),
        ),
        minutes: fc.oneof(
          fc.integer({ min: 1440, max: 3 * 1440 }),
          fc.integer({ min: 0, max: 1440 }),
        ),
      })
    })
    .map(
      ({ from, nowBefore, minutes, ...rest }): World => ({
        ...rest,
        now: from - nowBefore * MINUTE,
        from,
        to: from + minutes * MINUTE,
      }),
    )

const wallClocks = new Map<string, number>()

/** Temporal's own instant for a wall-clock reading; remembered, as the oracle asks often. */
function wallClock(timeZone: string, date: Temporal.PlainDate, time: string): number {
  const key = `${timeZone} ${date} ${time}`
  let instant = wallClocks.get(key)
  if (instant === undefined) {
    instant = date
      .toPlainDateTime(Temporal.PlainTime.from(time))
      .toZonedDateTime(timeZone, { disambiguation: 'compatible' }).epochMilliseconds
    wallClocks.set(key, instant)
  }
  return instant
}

/** The oracle: FitProblem as checkFit should give it, from first principles and Temporal. */
function oracle(
  schedule: MemberSchedule,
  service: ServiceTiming,
  startsAt: number,
): FitProblem | null {
  const endsAt = startsAt + service.durationMinutes * MINUTE
  const sharesTime = (aStart: number, aEnd: number, bStart: number, bEnd: number) =>
    Math.max(aStart, bStart) < Math.min(aEnd, bEnd)

  const mine = [
    startsAt - service.bufferBeforeMinutes * MINUTE,
    endsAt + service.bufferAfterMinutes * MINUTE,
  ] as const
  const clash = schedule.busy.findIndex((b) =>
    sharesTime(
      ...mine,
      b.startsAt - b.bufferBeforeMinutes * MINUTE,
      b.endsAt + b.bufferAfterMinutes * MINUTE,
    ),
  )
  if (clash !== -1) return { kind: 'busy', appointmentIndex: clash }

  const { timeZone } = schedule
  const instant = (date: Temporal.PlainDate, time: string) => wallClock(timeZone, date, time)
  const localDate = Temporal.Instant.fromEpochMilliseconds(startsAt)
    .toZonedDateTimeISO(timeZone)
    .toPlainDate()
  const inHours = [-1, 0, 1].some((offset) => {
    const date = localDate.add({ days: offset })
    return schedule.workingHours.some(
      (day) =>
        day.weekday === date.dayOfWeek &&
        instant(date, day.start) <= startsAt &&
        endsAt <= instant(date, day.end) &&
        day.breaks.every(
          (b) => !sharesTime(startsAt, endsAt, instant(date, b.start), instant(date, b.end)),
        ),
    )
  })
  if (!inHours) return { kind: 'outside_working_hours' }

  const away = schedule.timeOff.some((span) =>
    span.allDay
      ? sharesTime(
          startsAt,
          endsAt,
          instant(Temporal.PlainDate.from(span.startDate), '00:00'),
          instant(Temporal.PlainDate.from(span.endDate).add({ days: 1 }), '00:00'),
        )
      : sharesTime(startsAt, endsAt, span.startsAt.getTime(), span.endsAt.getTime()),
  )
  return away ? { kind: 'time_off' } : null
}

function allowedByPolicy({ policy, now, from, to }: World, startsAt: number): boolean {
  return (
    startsAt >= now + policy.minNoticeMinutes * MINUTE &&
    startsAt <= now + policy.bookingWindowDays * DAY &&
    startsAt >= from &&
    startsAt < to
  )
}

const PROPERTY = { numRuns: 1000 }
const TIMEOUT = 60_000

describe('memberSlots, against the oracle', () => {
  it(
    'offers only slots that fit, honour the policy, and come ascending without repeats',
    () => {
      fc.assert(
        fc.property(world(), (w) => {
          const slots = memberSlots(w)
          slots.forEach((slot, i) => {
            expect(slot.endsAt - slot.startsAt).toBe(w.service.durationMinutes * MINUTE)
            expect(allowedByPolicy(w, slot.startsAt)).toBe(true)
            expect(oracle(w.schedule, w.service, slot.startsAt)).toBeNull()
            if (i > 0) expect(slot.startsAt).toBeGreaterThan((slots[i - 1] as typeof slot).startsAt)
          })
        }),
        PROPERTY,
      )
    },
    TIMEOUT,
  )

  it(
    'offers every grid point that fits and the policy allows, and only grid points',
    () => {
      fc.assert(
        fc.property(world(), (w) => {
          const step = w.policy.slotIntervalMinutes * MINUTE
          const offered = new Set(memberSlots(w).map((slot) => slot.startsAt))
          const periods = workingPeriods(w.schedule, w.from, w.to)
          const grid = new Set<number>()
          for (const period of periods) {
            for (let start = period.startsAt; start < period.endsAt; start += step) {
              grid.add(start)
              if (allowedByPolicy(w, start) && oracle(w.schedule, w.service, start) === null) {
                expect(offered.has(start)).toBe(true)
              }
            }
          }
          for (const start of offered) expect(grid.has(start)).toBe(true)
        }),
        PROPERTY,
      )
    },
    TIMEOUT,
  )
})

describe('checkFit, against the oracle', () => {
  it(
    'gives the oracle’s answer for any start near the change, and null for offered slots',
    () => {
      fc.assert(
        fc.property(
          world(),
          fc.array(fc.integer({ min: -1440, max: 4 * 1440 }), { maxLength: 4 }),
          (w, minutes) => {
            const slots = memberSlots(w)
            const sampled = [slots[0], slots.at(-1), slots[slots.length >> 1]].flatMap((s) =>
              s ? [s.startsAt] : [],
            )
            for (const startsAt of sampled) expect(checkFit({ ...w, startsAt })).toBeNull()
            for (const m of minutes) {
              const startsAt = w.from + m * MINUTE
              expect(checkFit({ ...w, startsAt })).toEqual(oracle(w.schedule, w.service, startsAt))
            }
          },
        ),
        PROPERTY,
      )
    },
    TIMEOUT,
  )
})

describe('workingPeriods', () => {
  it(
    'are sorted, apart, non-empty, and overlap the range asked for',
    () => {
      fc.assert(
        fc.property(world(), ({ schedule, from, to }) => {
          const periods = workingPeriods(schedule, from, to)
          periods.forEach((period, i) => {
            expect(period.startsAt).toBeLessThan(period.endsAt)
            expect(period.startsAt < to && from < period.endsAt).toBe(true)
            if (i > 0)
              expect(period.startsAt).toBeGreaterThan((periods[i - 1] as typeof period).endsAt)
          })
        }),
        PROPERTY,
      )
    },
    TIMEOUT,
  )
})

describe('pooledSlots', () => {
  it(
    'is the union of the members’ slots, each start once with exactly the members free then',
    () => {
      const team = fc.tuple(world('ana'), world('ben'), world('cy')).map(([ana, ben, cy]) => ({
        ...ana,
        // One service, policy and range for all; each member keeps their own zone and week.
        schedules: [cy.schedule, ana.schedule, ben.schedule],
      }))
      fc.assert(
        fc.property(team, ({ schedules, ...query }) => {
          const expected = new Map<number, string[]>()
          for (const schedule of [...schedules].sort((a, b) =>
            a.teamMemberId.localeCompare(b.teamMemberId),
          )) {
            for (const slot of memberSlots({ ...query, schedule })) {
              expected.set(slot.startsAt, [
                ...(expected.get(slot.startsAt) ?? []),
                schedule.teamMemberId,
              ])
            }
          }
          const pooled = pooledSlots({ ...query, schedules })
          expect(pooled.map((slot) => [slot.startsAt, slot.teamMemberIds])).toEqual(
            [...expected].sort(([a], [b]) => a - b),
          )
          for (const slot of pooled)
            expect(slot.endsAt - slot.startsAt).toBe(query.service.durationMinutes * MINUTE)
        }),
        { numRuns: 1000 },
      )
    },
    TIMEOUT,
  )
})

describe('chooseTeamMember', () => {
  const candidates = fc.uniqueArray(
    fc.record({
      teamMemberId: fc.constantFrom('ana', 'ben', 'cy', 'dee', 'eli', 'fay'),
      appointmentsThatDay: fc.integer({ min: 0, max: 3 }),
      lastAssignedAt: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }),
    }),
    { selector: (c) => c.teamMemberId, maxLength: 6 },
  )

  it('picks one with the fewest appointments, then least recently assigned, then by id, in any order', () => {
    fc.assert(
      fc.property(candidates, (list: AssignmentCandidate[]) => {
        const chosen = chooseTeamMember(list)
        if (list.length === 0) {
          expect(chosen).toBeUndefined()
          return
        }
        const pick = list.find((c) => c.teamMemberId === chosen) as AssignmentCandidate
        const fewest = Math.min(...list.map((c) => c.appointmentsThatDay))
        expect(pick.appointmentsThatDay).toBe(fewest)
        const tied = list.filter((c) => c.appointmentsThatDay === fewest)
        const rank = (c: AssignmentCandidate) => c.lastAssignedAt ?? -1
        expect(rank(pick)).toBe(Math.min(...tied.map(rank)))
        const sameRank = tied.filter((c) => rank(c) === rank(pick)).map((c) => c.teamMemberId)
        expect(pick.teamMemberId).toBe(sameRank.sort()[0])
        expect(chooseTeamMember([...list].reverse())).toBe(chosen)
      }),
      PROPERTY,
    )
  })
})
