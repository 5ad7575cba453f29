/**
 * Model-based test of the generic create/edit form machine (see support/describe-model.ts),
 * as a service name form: a new record and an edit (which loads first). Typing goes on while
 * a save runs; the app hears of every save and every failure exactly once, and a save sends
 * the values submitted with the last loaded or saved ones.
 */
import { describe, expect } from 'vitest'
import {
  createEntityFormMachine,
  type FieldErrors,
  type FormEvent,
} from '../../src/machines/entity-form.machine'
import { describeModel, parkedActor } from '../support/model/describe-model'
import {
  done,
  failed,
  loadAnswers,
  type ModelEvent,
  sampleErrors,
} from '../support/model/sample-events'

interface ServiceValues {
  name: string
}
interface SavedService {
  id: string
  name: string
}

const serviceForm = createEntityFormMachine<ServiceValues, SavedService>()
type FormSnapshot = ReturnType<typeof serviceForm.getInitialSnapshot>

const validate = (values: ServiceValues): FieldErrors =>
  values.name.trim() === '' ? { name: 'Enter a name.' } : {}
const blank: ServiceValues = { name: '' }

const sampleEvents: ModelEvent<FormEvent<ServiceValues>>[] = [
  { type: 'form.change', values: { name: 'Cut' } },
  { type: 'form.change', values: { name: '' } },
  { type: 'form.submit' },
  { type: 'form.reset' },
  { type: 'form.retry' },
  ...loadAnswers('load', { loaded: { name: 'Trim' } }, ['offline', 'silent']),
  done('save', { id: 's1', name: 'Cut' }, 'saved'),
  failed('save', sampleErrors.invalidName, 'field error'),
  failed('save', sampleErrors.serverError, 'server error'),
  failed('save', sampleErrors.offline, 'offline'),
]

describe('entity form machine paths from its graph', () => {
  describeModel({
    name: 'entity-form',
    machine: serviceForm,
    starts: [
      { prefix: '[new] ', input: { initialValues: blank, validate } },
      { prefix: '[edit] ', input: { id: 's1', initialValues: blank, validate } },
    ],
    events: sampleEvents,
    observe: (snapshot: FormSnapshot) => {
      const { context } = snapshot
      return {
        value: snapshot.value,
        values: context.values.name,
        pristine: context.pristine.name,
        submitted: context.submitted?.name ?? null,
        dirty: context.dirty,
        fieldErrors: context.fieldErrors,
        formError: context.formError,
        failure: context.failure?.message ?? null,
        saved: context.saved?.name ?? null,
        busy: snapshot.hasTag('busy'),
        editable: snapshot.hasTag('editable'),
      }
    },
    harness: (input, inspect) => {
      const harness = parkedActor(serviceForm, {
        effects: ['load', 'save'],
        actions: ['notifySaved', 'notifyFailed'],
        input,
        inspect,
      })
      return {
        ...harness,
        afterStep: ({ event, before, after, at }) => {
          const heard = harness.heard()
          if (event.type === 'xstate.done.actor.save') expect(heard, at).toEqual(['notifySaved'])
          else if (event.type === 'xstate.error.actor.save') {
            expect(heard, at).toEqual(['notifyFailed'])
          } else expect(heard, at).toEqual([])
          if (harness.asked('save').length > 0) {
            expect(harness.asked('save').at(-1), at).toEqual({
              id: after.context.id,
              values: before.context.values,
              initial: before.context.pristine,
            })
          }
        },
      }
    },
  })
})
