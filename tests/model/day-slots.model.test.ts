/**
 * Model-based test of a day's free starts in the booking and reschedule dialogs (see
 * support/describe-model.ts): a new query replaces a running load, the same query is ignored,
 * a cleared one goes back to idle.
 */
import { describe, expect } from 'vitest'
import {
  type DaySlot,
  type DaySlotQuery,
  type DaySlotsEvent,
  daySlotsMachine,
} from '../../src/machines/day-slots.machine'
import { describeModel, parkedActor } from '../support/model/describe-model'
import { loadAnswers, type ModelEvent } from '../support/model/sample-events'
import { ALEX, HAIRCUT } from '../support/unit/appointment-samples'

type DaySlotsSnapshot = ReturnType<typeof daySlotsMachine.getInitialSnapshot>

const friday: DaySlotQuery = { serviceId: HAIRCUT, teamMemberId: ALEX, date: '2026-11-27' }
const anyoneSaturday: DaySlotQuery = { serviceId: HAIRCUT, teamMemberId: null, date: '2026-11-28' }
const nine: DaySlot = {
  starts_at: '2026-11-27T08:00:00.000Z',
  ends_at: '2026-11-27T08:45:00.000Z',
  team_member_ids: [ALEX],
}

const sampleEvents: ModelEvent<DaySlotsEvent>[] = [
  { type: 'slots.query', query: friday, name: 'friday' },
  { type: 'slots.query', query: anyoneSaturday, name: 'saturday, anyone' },
  { type: 'slots.query', query: null, name: 'incomplete' },
  { type: 'slots.retry' },
  ...loadAnswers('loadSlots', { 'one free': [nine], 'none free': [] }, ['offline', 'silent']),
]

describe('day slots machine paths from its graph', () => {
  describeModel({
    name: 'day-slots',
    machine: daySlotsMachine,
    starts: [
      { prefix: '[no query yet] ', input: {} },
      { prefix: '[with a query] ', input: { query: friday } },
    ],
    events: sampleEvents,
    observe: (snapshot: DaySlotsSnapshot) => ({
      value: snapshot.value,
      query: snapshot.context.query?.date ?? null,
      slots: snapshot.context.slots.map((slot) => slot.starts_at),
      failure: snapshot.context.failure,
      loading: snapshot.hasTag('loading'),
    }),
    harness: (input, inspect) => {
      const harness = parkedActor(daySlotsMachine, { effects: ['loadSlots'], input, inspect })
      return {
        ...harness,
        // A load asks for the query the dialog shows now, never an older one.
        afterStep: ({ after, at }) => {
          if (after.matches('loading')) {
            expect(harness.effects.inputs.loadSlots.at(-1), at).toEqual(after.context.query)
          }
        },
      }
    },
  })
})
