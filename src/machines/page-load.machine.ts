import { assign, fromPromise, setup } from 'xstate'
import { messageOf } from './call-errors'

/** A failed load as a page shows it; `status` 403 means "your role may not see this". */
export interface LoadFailure {
  status: number | null
  message: string
}

export function toLoadFailure(error: unknown): LoadFailure {
  const status =
    typeof error === 'object' && error !== null && 'status' in error
      ? Number(error.status) || null
      : null
  return { status, message: messageOf(error, 'This page could not be loaded.') }
}

/**
 * Read-only data for a page (the settings overview): loading → ready | failed, with retry.
 * Create one per data type: `const overview = createLoadMachine<Overview>()`; the app provides
 * `load` with `.provide({ actors: { load } })`.
 */
export function createLoadMachine<Data>() {
  return setup({
    types: {
      context: {} as { data: Data | null; failure: LoadFailure | null },
      events: {} as { type: 'load.retry' },
    },
    actors: {
      load: fromPromise<Data>(async () => {
        throw new Error('load is provided by the app')
      }),
    },
  }).createMachine({
    id: 'load',
    context: { data: null, failure: null },
    initial: 'loading',
    states: {
      loading: {
        tags: ['loading'],
        entry: assign({ failure: null }),
        invoke: {
          id: 'load',
          src: 'load',
          onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output }) },
          onError: {
            target: 'failed',
            actions: assign({ failure: ({ event }) => toLoadFailure(event.error) }),
          },
        },
      },
      ready: {},
      failed: { on: { 'load.retry': 'loading' } },
    },
  })
}
