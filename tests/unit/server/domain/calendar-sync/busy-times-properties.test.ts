import fc from 'fast-check'
import { Temporal } from 'temporal-polyfill'
import { describe, expect, it } from 'vitest'
import { expandBusyTimes } from '../../../../../server/domain/calendar-sync/busy-times.ts'
import type {
  EventTime,
  ExternalEvent,
} from '../../../../../server/domain/calendar-sync/external-event.ts'
import { bruteForceBusy } from '../../../../support/calendar-sync/brute-force-expander.ts'
import { externalEvent } from '../../../../support/calendar-sync/external-events.ts'
import { changeDates } from '../../../../support/unit/availability-support.ts'

// Random recurrence sets that start shortly before a daylight-saving change and are looked at
// over a window around it, expanded both ways: by the expansion and by a brute-force walk over
// every day (tests/support/calendar-sync/brute-force-expander.ts).

const ZONES = [
  'Europe/Berlin',
  'America/New_York',
  'America/Santiago',
  'America/Havana',
  'Australia/Lord_Howe',
  'Asia/Kolkata',
]

const CHANGE_DAYS = new Map(ZONES.map((timeZone) => [timeZone, changeDates(timeZone)]))

const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU']
const clockTimes = fc.constantFrom(
  '00:00',
  '00:30',
  '01:30',
  '02:00',
  '02:30',
  '03:15',
  '09:00',
  '23:30',
)
const nonZero = (max: number) => fc.integer({ min: -max, max }).filter((n) => n !== 0)
/** A rule part's values, absent two times in three: many parts at once rarely meet. */
const sometimes = <T>(values: fc.Arbitrary<T[]>) =>
  fc.oneof(fc.constant([] as T[]), fc.constant([] as T[]), values)

const rules = fc
  .record({
    frequency: fc.constantFrom(
      'DAILY',
      'DAILY',
      'WEEKLY',
      'WEEKLY',
      'MONTHLY',
      'MONTHLY',
      'YEARLY',
    ),
    interval: fc.integer({ min: 1, max: 3 }),
    end: fc.oneof(
      fc.constant(''),
      fc.constant(''),
      fc.integer({ min: 1, max: 80 }).map((count) => `COUNT=${count}`),
      fc.record({ days: fc.integer({ min: 0, max: 200 }), form: fc.constantFrom('date', 'utc') }),
    ),
    weekdays: fc.uniqueArray(fc.constantFrom(...WEEKDAYS), { maxLength: 3 }),
    ordinals: fc.array(nonZero(5), { maxLength: 3 }),
    monthDays: sometimes(fc.uniqueArray(nonZero(31), { minLength: 1, maxLength: 3 })),
    months: sometimes(
      fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 4 }),
    ),
    setPositions: sometimes(fc.uniqueArray(nonZero(3), { minLength: 1, maxLength: 2 })),
    weekStart: fc.constantFrom(...WEEKDAYS),
  })
  .map((parts) => {
    const { frequency } = parts
    const allowsOrdinals = frequency === 'MONTHLY' || frequency === 'YEARLY'
    const byDay = parts.weekdays.map((weekday, index) => {
      const ordinal = allowsOrdinals ? parts.ordinals[index] : undefined
      return ordinal === undefined ? weekday : `${ordinal}${weekday}`
    })
    const rule = [`FREQ=${frequency}`, `INTERVAL=${parts.interval}`, `WKST=${parts.weekStart}`]
    if (byDay.length > 0) rule.push(`BYDAY=${byDay.join(',')}`)
    if (frequency !== 'WEEKLY' && parts.monthDays.length > 0)
      rule.push(`BYMONTHDAY=${parts.monthDays.join(',')}`)
    if (parts.months.length > 0) {
      rule.push(`BYMONTH=${parts.months.join(',')}`)
    }
    const named = rule.length > 3
    if (named && parts.setPositions.length > 0)
      rule.push(`BYSETPOS=${parts.setPositions.join(',')}`)
    return { rule, end: parts.end }
  })

const cases = fc
  .record({
    timeZone: fc.constantFrom(...ZONES),
    memberZone: fc.constantFrom(...ZONES),
    changeIndex: fc.nat(),
    daysBefore: fc.integer({ min: 0, max: 90 }),
    clock: clockTimes,
    minute: fc.integer({ min: 0, max: 59 }),
    kind: fc.constantFrom('zoned', 'zoned', 'zoned', 'floating', 'date', 'utc'),
    minutes: fc.integer({ min: 0, max: 300 }),
    allDayDays: fc.integer({ min: 1, max: 3 }),
    rule: rules,
    // Days after the window's first, where EXDATEs and RDATEs are most likely to meet occurrences.
    exdateDays: fc.uniqueArray(fc.integer({ min: 0, max: 40 }), { maxLength: 4 }),
    rdateDays: fc.uniqueArray(fc.integer({ min: -5, max: 40 }), { maxLength: 2 }),
    exdateForm: fc.constantFrom('same', 'utc', 'date'),
    windowStartDays: fc.integer({ min: -10, max: 3 }),
    windowDays: fc.integer({ min: 1, max: 40 }),
  })
  .map((draw) => {
    const changeDays = CHANGE_DAYS.get(draw.timeZone) as string[]
    const change = Temporal.PlainDate.from(
      changeDays[draw.changeIndex % changeDays.length] as string,
    )
    const clock = Temporal.PlainTime.from(draw.clock).add({
      minutes: draw.kind === 'date' ? 0 : draw.minute,
    })
    const startDate = change.subtract({ days: draw.daysBefore })
    const startPlain = startDate.toPlainDateTime(clock)
    const frame =
      draw.kind === 'zoned' ? draw.timeZone : draw.kind === 'utc' ? 'UTC' : draw.memberZone
    const timeOf = (plain: Temporal.PlainDateTime): EventTime => {
      const text = plain.toString({ smallestUnit: 'second' })
      if (draw.kind === 'date') return { kind: 'date', date: plain.toPlainDate().toString() }
      if (draw.kind === 'zoned') return { kind: 'zoned', dateTime: text, timeZone: draw.timeZone }
      if (draw.kind === 'floating') return { kind: 'floating', dateTime: text }
      return { kind: 'utc', instant: plain.toZonedDateTime('UTC').epochMilliseconds }
    }
    const endPlain =
      draw.kind === 'date'
        ? startPlain.add({ days: draw.allDayDays })
        : startPlain.add({ minutes: draw.minutes })

    const rule = [...draw.rule.rule]
    const end = draw.rule.end
    if (typeof end === 'string' && end !== '') rule.push(end)
    if (typeof end === 'object') {
      const until = startPlain.add({ days: end.days })
      const compact = (text: string) => text.replace(/[-:]/g, '')
      rule.push(
        end.form === 'date'
          ? `UNTIL=${compact(until.toPlainDate().toString())}`
          : `UNTIL=${compact(until.toZonedDateTime(frame, { disambiguation: 'compatible' }).toInstant().toString({ smallestUnit: 'second' }).replace('Z', ''))}Z`,
      )
    }

    const windowDay = change.add({ days: draw.windowStartDays })
    const otherTime = (days: number, form: string): EventTime => {
      const plain = windowDay.add({ days }).toPlainDateTime(clock)
      if (draw.kind === 'date' || form === 'date')
        return { kind: 'date', date: plain.toPlainDate().toString() }
      if (form === 'same') return timeOf(plain)
      return {
        kind: 'utc',
        instant: plain.toZonedDateTime(frame, { disambiguation: 'compatible' }).epochMilliseconds,
      }
    }
    const exdates = draw.exdateDays.map((days) => otherTime(days, draw.exdateForm))
    const rdates = draw.rdateDays.map((days) =>
      otherTime(days, draw.exdateForm === 'date' ? 'same' : draw.exdateForm),
    )
    const event: ExternalEvent = externalEvent({
      start: timeOf(startPlain),
      end: timeOf(endPlain),
      rrule: rule.join(';'),
      exdates,
      rdates,
    })
    const windowStart = windowDay.toZonedDateTime({ timeZone: draw.memberZone })
    const window = {
      start: new Date(windowStart.epochMilliseconds),
      end: new Date(windowStart.add({ days: draw.windowDays }).epochMilliseconds),
    }
    return { event, window, memberZone: draw.memberZone }
  })

describe('expansion against a brute-force walk over every day', () => {
  it('agrees on random recurrence sets across daylight-saving changes', () => {
    fc.assert(
      fc.property(cases, ({ event, window, memberZone }) => {
        const expanded = expandBusyTimes([event], window, memberZone).map(({ start, end }) => ({
          start,
          end,
        }))
        expect(expanded).toEqual(bruteForceBusy(event, window, memberZone))
      }),
      { seed: 25, numRuns: 200 },
    )
  })
})
