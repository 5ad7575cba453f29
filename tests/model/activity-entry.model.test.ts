/**
 * Model-based test of one activity entry's details (see support/describe-model.ts): opened
 * from the list with the entry at hand it shows at once; opened from a link it loads.
 */
import { describe } from 'vitest'
import { activityEntryMachine } from '../../src/machines/activity-entry.machine'
import { describeModel, parkedActor } from '../support/model/describe-model'
import { loadAnswers, type ModelEvent, sampleActivityEntry } from '../support/model/sample-events'

type ActivityEntrySnapshot = ReturnType<typeof activityEntryMachine.getInitialSnapshot>

const entry = sampleActivityEntry('6a1f0c2e-0000-4000-8000-000000000001')

const sampleEvents: ModelEvent<{ type: 'entry.retry' }>[] = [
  { type: 'entry.retry' },
  ...loadAnswers('loadEntry', { found: entry }, ['offline', 'notFound']),
]

describe('activity entry machine paths from its graph', () => {
  describeModel({
    name: 'activity-entry',
    machine: activityEntryMachine,
    starts: [
      { prefix: '[from a link] ', input: { entryId: entry.id } },
      { prefix: '[from the list] ', input: { entryId: entry.id, entry } },
    ],
    events: sampleEvents,
    observe: (snapshot: ActivityEntrySnapshot) => ({
      value: snapshot.value,
      entry: snapshot.context.entry?.id ?? null,
      failure: snapshot.context.failure,
      loading: snapshot.hasTag('loading'),
    }),
    harness: (input, inspect) =>
      parkedActor(activityEntryMachine, { effects: ['loadEntry'], input, inspect }),
  })
})
