/**
 * Model-based test of the week of free times the booking wizard and the manage page share (see
 * support/describe-model.ts): a week loads, pages within today and the booking window (when
 * there is one), switches zone, retries a failed load and reports a chosen time. A new week or
 * zone replaces a running load; what the parent hears is checked on the recorded reports.
 */
import { describe, expect } from 'vitest'
import {
  type WeekOfSlotsEvent,
  type WeekOfSlotsInput,
  weekOfSlotsMachine,
} from '../../src/machines/week-of-slots.machine'
import { bobId, firstSlot, haircutId, secondSlot } from '../unit/support/booking-harness'
import { describeModel, parkedActor } from './support/describe-model'
import { loadAnswers, type ModelEvent } from './support/sample-events'

type WeekOfSlotsSnapshot = ReturnType<typeof weekOfSlotsMachine.getInitialSnapshot>

const today = '2026-12-01'
const nextWeek = '2026-12-08'
const inputWith = (lastWeekStart: string | null): WeekOfSlotsInput => ({
  serviceId: haircutId,
  teamMemberId: bobId,
  timeZone: 'Europe/Berlin',
  today,
  weekStart: today,
  lastWeekStart,
})

const sampleEvents: ModelEvent<WeekOfSlotsEvent>[] = [
  { type: 'week.changed', weeks: 1 },
  { type: 'week.changed', weeks: -1 },
  { type: 'week.timeZoneChanged', timeZone: 'America/New_York' },
  { type: 'week.slotChosen', slot: firstSlot, name: 'first slot' },
  { type: 'week.retry' },
  ...loadAnswers('loadSlots', { 'free times': [firstSlot, secondSlot], 'none free': [] }, [
    'offline',
  ]),
]

describe('week of slots machine paths from its graph', () => {
  describeModel({
    name: 'week-of-slots',
    machine: weekOfSlotsMachine,
    starts: [
      // Booking: the business's window ends in the next week.
      { prefix: '[booking window] ', input: inputWith(nextWeek) },
      // Rescheduling: no window of its own (the server answers an empty week past it).
      { prefix: '[no window] ', input: inputWith(null) },
    ],
    events: sampleEvents,
    // Without a window one week ahead is enough: further weeks load the same way.
    offers: (snapshot: WeekOfSlotsSnapshot, event) =>
      snapshot.can(event as WeekOfSlotsEvent) &&
      !(
        event.type === 'week.changed' &&
        event.weeks === 1 &&
        snapshot.context.lastWeekStart === null &&
        snapshot.context.weekStart > today
      ),
    observe: (snapshot: WeekOfSlotsSnapshot) => ({
      value: snapshot.value,
      weekStart: snapshot.context.weekStart,
      timeZone: snapshot.context.timeZone,
      slots: snapshot.context.slots.length,
      error: snapshot.context.error,
      loading: snapshot.hasTag('loading'),
      canGoBack: snapshot.can({ type: 'week.changed', weeks: -1 }),
      canGoForward: snapshot.can({ type: 'week.changed', weeks: 1 }),
    }),
    harness: (input, inspect) => {
      const harness = parkedActor(weekOfSlotsMachine, {
        effects: ['loadSlots'],
        actions: ['reportChoice', 'reportView'],
        input,
        inspect,
      })
      return {
        ...harness,
        afterStep: ({ event, before, after, at }) => {
          const reports = harness.heard()
          // A time is reported only from a loaded week; a new week or zone is always reported.
          if (event.type === 'week.slotChosen') expect(reports, at).toEqual(['reportChoice'])
          else if (
            after.context.weekStart !== before.context.weekStart ||
            after.context.timeZone !== before.context.timeZone
          ) {
            expect(reports, at).toEqual(['reportView'])
          } else if (event.type !== 'week.timeZoneChanged') expect(reports, at).toEqual([])
          // Every load asks for the week and zone shown now.
          if (after.matches('loading')) {
            expect(harness.effects.inputs.loadSlots.at(-1), at).toEqual({
              serviceId: haircutId,
              teamMemberId: bobId,
              weekStart: after.context.weekStart,
              days: 7,
              timeZone: after.context.timeZone,
            })
          }
        },
      }
    },
  })
})
