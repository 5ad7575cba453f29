/**
 * Model-based test of the month of free times the booking page shows (see
 * support/describe-model.ts): a month loads with its first free day chosen, another free day
 * is picked, months page within today's month and the booking window, "Next available" looks
 * ahead month by month, the zone switches, a failed load is retried and a chosen time reported.
 * What the parent hears is checked on the recorded reports.
 */
import { describe, expect } from 'vitest'
import {
  type MonthOfSlotsEvent,
  type MonthOfSlotsInput,
  monthOfSlotsMachine,
} from '../../src/machines/month-of-slots.machine'
import { describeModel, parkedActor } from '../support/model/describe-model'
import { loadAnswers, type ModelEvent } from '../support/model/sample-events'
import { bobId, firstSlot, haircutId } from '../support/unit/booking-harness'

type MonthOfSlotsSnapshot = ReturnType<typeof monthOfSlotsMachine.getInitialSnapshot>

const today = '2026-12-01'
const laterSlot = {
  starts_at: '2026-12-03T15:00:00.000Z',
  ends_at: '2026-12-03T15:30:00.000Z',
  seats_left: null,
}
const inputWith = (lastDay: string | null): MonthOfSlotsInput => ({
  serviceId: haircutId,
  teamMemberId: bobId,
  timeZone: 'Europe/Berlin',
  today,
  month: '2026-12',
  lastDay,
})

const sampleEvents: ModelEvent<MonthOfSlotsEvent>[] = [
  { type: 'month.changed', months: 1 },
  { type: 'month.changed', months: -1 },
  { type: 'month.dayChosen', day: '2026-12-03', name: 'a free day' },
  { type: 'month.dayChosen', day: '2026-12-05', name: 'a day without times' },
  { type: 'month.nextAvailable' },
  { type: 'month.timeZoneChanged', timeZone: 'America/New_York' },
  { type: 'month.slotChosen', slot: firstSlot, name: 'first slot' },
  { type: 'month.retry' },
  ...loadAnswers('loadMonth', { 'free times': [firstSlot, laterSlot], 'none free': [] }, [
    'offline',
  ]),
]

describe('month of slots machine paths from its graph', () => {
  describeModel({
    name: 'month-of-slots',
    machine: monthOfSlotsMachine,
    starts: [
      // Booking: the business's window ends in the next month.
      { prefix: '[booking window] ', input: inputWith('2027-01-20') },
      // Rescheduling: no window of its own; "Next available" stops a year ahead.
      { prefix: '[no window] ', input: inputWith(null) },
    ],
    events: sampleEvents,
    // Without a window two months are enough: later ones load and search the same way.
    offers: (snapshot: MonthOfSlotsSnapshot, event) =>
      snapshot.can(event as MonthOfSlotsEvent) &&
      !(
        snapshot.context.lastDay === null &&
        snapshot.context.month > '2027-01' &&
        event.type !== 'xstate.done.actor.loadMonth'
      ) &&
      !(
        snapshot.context.lastDay === null &&
        snapshot.context.month > '2026-12' &&
        (event.type === 'month.changed' || event.type === 'month.nextAvailable')
      ),
    observe: (snapshot: MonthOfSlotsSnapshot) => ({
      value: snapshot.value,
      month: snapshot.context.month,
      day: snapshot.context.day,
      timeZone: snapshot.context.timeZone,
      slots: snapshot.context.slots.length,
      error: snapshot.context.error,
      loading: snapshot.hasTag('loading'),
      searching: snapshot.hasTag('searching'),
      canGoBack: snapshot.can({ type: 'month.changed', months: -1 }),
      canGoForward: snapshot.can({ type: 'month.changed', months: 1 }),
    }),
    harness: (input, inspect) => {
      const harness = parkedActor(monthOfSlotsMachine, {
        effects: ['loadMonth'],
        actions: ['reportChoice', 'reportView'],
        input,
        inspect,
      })
      return {
        ...harness,
        afterStep: ({ event, before, after, at }) => {
          const reports = harness.heard()
          if (event.type === 'month.slotChosen') expect(reports, at).toEqual(['reportChoice'])
          else if (
            after.context.month !== before.context.month ||
            after.context.timeZone !== before.context.timeZone
          ) {
            expect(reports, at).toEqual(['reportView'])
          } else if (event.type !== 'month.timeZoneChanged') expect(reports, at).toEqual([])
          // A loaded month shows a free day: the first one, or the one the visitor picked.
          if (after.matches('ready') && event.type === 'xstate.done.actor.loadMonth') {
            expect(after.context.day, at).toBe(after.context.slots.length > 0 ? '2026-12-02' : null)
          }
          if (event.type === 'month.dayChosen') expect(after.context.day, at).toBe('2026-12-03')
          // Every load asks for the month and zone shown now, never past the window.
          if (after.hasTag('loading')) {
            expect(harness.effects.inputs.loadMonth.at(-1), at).toEqual({
              serviceId: haircutId,
              teamMemberId: bobId,
              month: after.context.month,
              timeZone: after.context.timeZone,
            })
            expect(after.context.month >= '2026-12', at).toBe(true)
            if (after.context.lastDay) expect(after.context.month <= '2027-01', at).toBe(true)
          }
        },
      }
    },
  })
})
