import { assign, fromPromise, setup } from 'xstate'
import type { components } from '../../shared/contract/schema'
import { type LoadFailure, toLoadFailure } from './page-load.machine'

type ActivityEntry = components['schemas']['ActivityEntry']

export interface ActivityEntryContext {
  entryId: string
  entry: ActivityEntry | null
  failure: LoadFailure | null
}

/**
 * One entry's details. Opened from the list, the entry is already at hand; opened from a link
 * (`?entry=…`), it is fetched on its own, since it may be far down the log or filtered out.
 */
export const activityEntryMachine = setup({
  types: {
    context: {} as ActivityEntryContext,
    events: {} as { type: 'entry.retry' },
    input: {} as { entryId: string; entry?: ActivityEntry },
  },
  actors: {
    loadEntry: fromPromise<ActivityEntry, { entryId: string }>(async () => {
      throw new Error('provided by the app')
    }),
  },
  guards: {
    hasEntry: ({ context }) => context.entry !== null,
  },
}).createMachine({
  id: 'activityEntry',
  context: ({ input }) => ({ entryId: input.entryId, entry: input.entry ?? null, failure: null }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'hasEntry', target: 'shown' }, { target: 'loading' }],
    },
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadEntry',
        src: 'loadEntry',
        input: ({ context }) => ({ entryId: context.entryId }),
        onDone: { target: 'shown', actions: assign({ entry: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: assign({ failure: ({ event }) => toLoadFailure(event.error) }),
        },
      },
    },
    shown: {},
    failed: {
      on: { 'entry.retry': 'loading' },
    },
  },
})
