/**
 * Model-based test of the activity log (see support/describe-model.ts): newest page first,
 * "load more" by the server's cursor, a new filter starts again from the newest page and
 * abandons any load still running.
 */
import { describe, expect } from 'vitest'
import {
  type ActivityFilter,
  type ActivityLogEvent,
  type ActivityPageResult,
  activityLogMachine,
  NO_ACTIVITY_FILTER,
} from '../../src/machines/activity-log.machine'
import { describeModel, parkedActor } from './support/describe-model'
import { loadAnswers, type ModelEvent, sampleActivityEntry } from './support/sample-events'

type ActivityLogSnapshot = ReturnType<typeof activityLogMachine.getInitialSnapshot>

const servicesByOlive: ActivityFilter = {
  ...NO_ACTIVITY_FILTER,
  entityType: 'service',
  actor: 'olive',
}

const newest: ActivityPageResult = {
  items: [sampleActivityEntry('e1', 'olive'), sampleActivityEntry('e2', null)],
  nextCursor: 'after-e2',
}
const older: ActivityPageResult = {
  // e2 again: a cursor that repeats an entry must not show it twice.
  items: [sampleActivityEntry('e2', null), sampleActivityEntry('e3', 'sam')],
  nextCursor: null,
}

const sampleEvents: ModelEvent<ActivityLogEvent>[] = [
  { type: 'activity.filterChanged', filter: servicesByOlive, name: 'services by Olive' },
  { type: 'activity.filterChanged', filter: NO_ACTIVITY_FILTER, name: 'everything' },
  { type: 'activity.loadMore' },
  { type: 'activity.retry' },
  ...loadAnswers('loadPage', {
    'newest page': newest,
    'last page': older,
    nothing: { items: [], nextCursor: null },
  }),
]

describe('activity log machine paths from its graph', () => {
  describeModel({
    name: 'activity-log',
    machine: activityLogMachine,
    starts: [{ input: {} }],
    events: sampleEvents,
    observe: (snapshot: ActivityLogSnapshot) => {
      const { context } = snapshot
      return {
        value: snapshot.value,
        filter: context.filter,
        entries: context.entries.map((entry) => entry.id),
        nextCursor: context.nextCursor,
        actors: context.actors.map((actor) => actor.uid),
        failure: context.failure,
        moreFailure: context.moreFailure,
        loading: snapshot.hasTag('loading'),
        loadingMore: snapshot.hasTag('loadingMore'),
      }
    },
    harness: (input, inspect) => {
      const harness = parkedActor(activityLogMachine, { effects: ['loadPage'], input, inspect })
      return {
        ...harness,
        // Every page is asked for under the filter shown, the first without a cursor.
        afterStep: ({ after, at }) => {
          if (harness.asked('loadPage').length === 0) return
          expect(harness.asked('loadPage').at(-1), at).toEqual({
            filter: after.context.filter,
            cursor: after.matches('loadingMore') ? after.context.nextCursor : null,
          })
        },
      }
    },
  })
})
