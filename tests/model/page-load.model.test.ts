/**
 * Model-based test of the read-only page load machine (see support/describe-model.ts): loads,
 * shows what it got or why not, and loads again on retry.
 */
import { describe } from 'vitest'
import { createLoadMachine } from '../../src/machines/page-load.machine'
import { describeModel, parkedActor } from '../support/model/describe-model'
import { loadAnswers, type ModelEvent } from '../support/model/sample-events'

interface Overview {
  services: number
}

const pageLoadMachine = createLoadMachine<Overview>()
type PageLoadSnapshot = ReturnType<typeof pageLoadMachine.getInitialSnapshot>

const sampleEvents: ModelEvent<{ type: 'load.retry' }>[] = [
  { type: 'load.retry' },
  ...loadAnswers('load', { overview: { services: 3 } }, ['offline', 'forbidden', 'silent']),
]

describe('page load machine paths from its graph', () => {
  describeModel({
    name: 'page-load',
    machine: pageLoadMachine,
    starts: [{ input: undefined }],
    events: sampleEvents,
    observe: (snapshot: PageLoadSnapshot) => ({
      value: snapshot.value,
      ...snapshot.context,
      loading: snapshot.hasTag('loading'),
    }),
    harness: (input, inspect) =>
      parkedActor(pageLoadMachine, { effects: ['load'], input, inspect }),
  })
})
