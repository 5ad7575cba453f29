import { describe, expect, it } from 'vitest'
import { readRecurrenceRule } from '../../../../../server/domain/calendar-sync/recurrence-rule.ts'

describe('reading an RRULE', () => {
  it('reads every part the expansion uses, in any case and order', () => {
    expect(
      readRecurrenceRule(
        'byday=2TU,-1fr;FREQ=monthly;INTERVAL=2;BYMONTH=3,10;BYMONTHDAY=-1;BYSETPOS=-1;WKST=SU;UNTIL=20270101T000000Z;',
      ),
    ).toEqual({
      kind: 'rule',
      rule: {
        frequency: 'MONTHLY',
        interval: 2,
        count: undefined,
        until: { kind: 'utc', instant: Date.parse('2027-01-01T00:00:00Z') },
        byDay: [
          { weekday: 2, ordinal: 2 },
          { weekday: 5, ordinal: -1 },
        ],
        byMonthDay: [-1],
        byMonth: [3, 10],
        bySetPos: [-1],
        weekStart: 7,
      },
    })
  })

  it('reads UNTIL as a date, a wall clock or an instant', () => {
    const until = (value: string) => {
      const reading = readRecurrenceRule(`FREQ=DAILY;UNTIL=${value}`)
      return reading.kind === 'rule' ? reading.rule.until : reading
    }
    expect(until('20270102')).toEqual({
      kind: 'date',
      day: Date.parse('2027-01-02T00:00:00Z') / 86_400_000,
    })
    expect(until('20270102T093000')).toEqual({
      kind: 'local',
      local: Date.parse('2027-01-02T09:30:00Z'),
    })
    expect(until('20270102T093000Z')).toEqual({
      kind: 'utc',
      instant: Date.parse('2027-01-02T09:30:00Z'),
    })
  })

  it('refuses what is no rule, naming why', () => {
    for (const text of [
      '',
      'INTERVAL=2',
      'FREQ=SOMETIMES',
      'FREQ=DAILY;INTERVAL=0',
      'FREQ=DAILY;COUNT=-1',
      'FREQ=DAILY;COUNT=1;COUNT=2',
      'FREQ=MONTHLY;BYMONTHDAY=32',
      'FREQ=MONTHLY;BYMONTHDAY=0',
      'FREQ=YEARLY;BYMONTH=13',
      'FREQ=MONTHLY;BYDAY=0MO',
      'FREQ=MONTHLY;BYDAY=MONDAY',
      'FREQ=DAILY;UNTIL=tomorrow',
      'FREQ=DAILY;WKST=XX',
      'FREQ',
    ]) {
      expect(readRecurrenceRule(text).kind, text).toBe('malformed')
    }
  })

  it('marks rules it does not expand as unsupported rather than broken', () => {
    for (const text of [
      'FREQ=HOURLY',
      'FREQ=MINUTELY',
      'FREQ=DAILY;BYHOUR=9,17',
      'FREQ=YEARLY;BYWEEKNO=20',
    ]) {
      expect(readRecurrenceRule(text).kind, text).toBe('unsupported')
    }
  })
})
