import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { ApiError } from '../../../../src/api/api-error'
import {
  changedFields,
  createEntityFormMachine,
  GENERIC_SAVE_ERROR,
  type SaveInput,
  toSaveFailure,
  valuesEqual,
} from '../../../../src/machines/entity-form.machine'

interface Values {
  name: string
  price_minor: number | null
  tags: string[]
}
interface Saved {
  id: string
  name: string
}

const blank: Values = { name: '', price_minor: null, tags: [] }
const stored: Values = { name: 'Haircut', price_minor: 2500, tags: ['hair'] }
const formMachine = createEntityFormMachine<Values, Saved>()

async function flush() {
  for (let i = 0; i < 5; i++) await Promise.resolve()
}

/** Deferred save/load calls the test answers by hand, and a log of the notify actions. */
function harness(
  options: { id?: string; validate?: (values: Values) => Record<string, string> } = {},
) {
  const saves: Array<{
    input: SaveInput<Values>
    resolve: (saved: Saved) => void
    reject: (error: unknown) => void
  }> = []
  const loads: Array<{ id: string; resolve: (v: Values) => void; reject: (e: unknown) => void }> =
    []
  const notified: string[] = []
  const logic = formMachine.provide({
    actors: {
      load: fromPromise<Values, { id: string }>(
        ({ input }) =>
          new Promise((resolve, reject) => loads.push({ id: input.id, resolve, reject })),
      ),
      save: fromPromise<Saved, SaveInput<Values>>(
        ({ input }) => new Promise((resolve, reject) => saves.push({ input, resolve, reject })),
      ),
    },
    actions: {
      notifySaved: ({ context }) => notified.push(`saved:${context.saved?.id}`),
      notifyFailed: ({ context }) => notified.push(`failed:${context.failure?.message}`),
    },
  })
  const actor = createActor(logic, {
    input: { id: options.id ?? null, initialValues: blank, validate: options.validate },
  }).start()
  return { actor, saves, loads, notified, snapshot: () => actor.getSnapshot() }
}

describe('entity form machine: create', () => {
  it('starts editing the initial values, clean', () => {
    const { snapshot } = harness()
    expect(snapshot().value).toBe('editing')
    expect(snapshot().context.values).toEqual(blank)
    expect(snapshot().context.dirty).toBe(false)
    expect(snapshot().hasTag('editable')).toBe(true)
  })

  it('tracks dirty against the pristine values, also when changed back', () => {
    const { actor, snapshot } = harness()
    actor.send({ type: 'form.change', values: { name: 'Colour' } })
    expect(snapshot().context.dirty).toBe(true)
    actor.send({ type: 'form.change', values: { name: '' } })
    expect(snapshot().context.dirty).toBe(false)
    actor.send({ type: 'form.change', values: { tags: ['a'] } })
    expect(snapshot().context.dirty).toBe(true)
  })

  it('saves, reports the saved record, and is clean afterwards', async () => {
    const { actor, saves, notified, snapshot } = harness()
    actor.send({ type: 'form.change', values: { name: 'Colour', price_minor: 4000 } })
    actor.send({ type: 'form.submit' })
    expect(snapshot().value).toBe('saving')
    expect(snapshot().hasTag('busy')).toBe(true)
    expect(saves[0]?.input).toEqual({
      id: null,
      values: { name: 'Colour', price_minor: 4000, tags: [] },
      initial: blank,
    })
    saves[0]?.resolve({ id: 'svc-1', name: 'Colour' })
    await flush()
    expect(snapshot().value).toBe('saved')
    expect(snapshot().context.saved).toEqual({ id: 'svc-1', name: 'Colour' })
    expect(snapshot().context.dirty).toBe(false)
    expect(notified).toEqual(['saved:svc-1'])
  })

  it('what is typed while saving stays dirty after the save', async () => {
    const { actor, saves, snapshot } = harness()
    actor.send({ type: 'form.change', values: { name: 'Colour' } })
    actor.send({ type: 'form.submit' })
    actor.send({ type: 'form.change', values: { name: 'Colour and cut' } })
    saves[0]?.resolve({ id: 'svc-1', name: 'Colour' })
    await flush()
    expect(snapshot().context.values.name).toBe('Colour and cut')
    expect(snapshot().context.pristine.name).toBe('Colour')
    expect(snapshot().context.dirty).toBe(true)
  })

  it('client-side validation stops the save and shows errors at the fields', () => {
    const { actor, saves, snapshot } = harness({
      validate: (values): Record<string, string> =>
        values.name.trim() ? {} : { name: 'Enter a name.' },
    })
    actor.send({ type: 'form.submit' })
    expect(snapshot().value).toBe('invalid')
    expect(snapshot().context.fieldErrors).toEqual({ name: 'Enter a name.' })
    expect(saves).toHaveLength(0)
    actor.send({ type: 'form.change', values: { name: 'Cut' } })
    expect(snapshot().context.fieldErrors).toEqual({})
    actor.send({ type: 'form.submit' })
    expect(snapshot().value).toBe('saving')
  })

  it("a 400 problem's field errors land at the fields (invalid), nested paths by top field", async () => {
    const { actor, saves, notified, snapshot } = harness()
    actor.send({ type: 'form.change', values: { name: 'x'.repeat(200) } })
    actor.send({ type: 'form.submit' })
    saves[0]?.reject(
      new ApiError(400, {
        type: 'about:blank',
        title: 'Bad Request',
        status: 400,
        detail: '2 values in the request are invalid.',
        errors: [
          { path: 'body.name', message: 'must NOT have more than 120 characters' },
          { path: 'body.tags.0', message: 'must NOT have fewer than 1 characters' },
        ],
      }),
    )
    await flush()
    expect(snapshot().value).toBe('invalid')
    expect(snapshot().context.fieldErrors).toEqual({
      name: 'This value must not have more than 120 characters.',
      'tags.0': 'This value must not have fewer than 1 characters.',
    })
    expect(notified).toEqual(['failed:Please check the highlighted fields.'])
    // Changing tags clears the error of tags.0, not the one of name.
    actor.send({ type: 'form.change', values: { tags: [] } })
    expect(Object.keys(snapshot().context.fieldErrors)).toEqual(['name'])
    // Still unsaved: the failed save did not touch pristine.
    expect(snapshot().context.dirty).toBe(true)
  })

  it('any other failure is a form-level message (failed), and the form stays editable', async () => {
    const { actor, saves, snapshot } = harness()
    actor.send({ type: 'form.change', values: { name: 'Cut' } })
    actor.send({ type: 'form.submit' })
    saves[0]?.reject(
      new ApiError(409, {
        title: 'Conflict',
        status: 409,
        detail: 'A customer with this e-mail already exists.',
        existing: { id: 'c-1', href: '/customers/c-1/edit' },
      }),
    )
    await flush()
    expect(snapshot().value).toBe('failed')
    expect(snapshot().context.formError).toBe('A customer with this e-mail already exists.')
    const cause = snapshot().context.failure?.cause
    expect(cause instanceof ApiError && cause.problem.existing?.href).toBe('/customers/c-1/edit')
    actor.send({ type: 'form.submit' })
    expect(snapshot().value).toBe('saving')
    expect(snapshot().context.formError).toBeNull()
  })

  it('a thrown non-error becomes the generic sentence', async () => {
    const { actor, saves, snapshot } = harness()
    actor.send({ type: 'form.submit' })
    saves[0]?.reject('boom')
    await flush()
    expect(snapshot().value).toBe('failed')
    expect(snapshot().context.formError).toBe(GENERIC_SAVE_ERROR)
  })

  it('form.reset goes back to the last saved values and clears errors', () => {
    const { actor, snapshot } = harness({ validate: () => ({ name: 'Enter a name.' }) })
    actor.send({ type: 'form.change', values: { name: 'Cut' } })
    actor.send({ type: 'form.submit' })
    actor.send({ type: 'form.reset' })
    expect(snapshot().value).toBe('editing')
    expect(snapshot().context.values).toEqual(blank)
    expect(snapshot().context.fieldErrors).toEqual({})
    expect(snapshot().context.dirty).toBe(false)
  })
})

describe('entity form machine: edit', () => {
  it('loads the record first, then edits it clean', async () => {
    const { loads, snapshot } = harness({ id: 'svc-9' })
    expect(snapshot().value).toBe('loading')
    expect(snapshot().hasTag('busy')).toBe(true)
    expect(loads[0]?.id).toBe('svc-9')
    loads[0]?.resolve(stored)
    await flush()
    expect(snapshot().value).toBe('editing')
    expect(snapshot().context.values).toEqual(stored)
    expect(snapshot().context.dirty).toBe(false)
  })

  it('sends the id and the loaded values, so a PATCH can carry only the changes', async () => {
    const { actor, loads, saves } = harness({ id: 'svc-9' })
    loads[0]?.resolve(stored)
    await flush()
    actor.send({ type: 'form.change', values: { price_minor: 3000 } })
    actor.send({ type: 'form.submit' })
    const input = saves[0]?.input
    expect(input?.id).toBe('svc-9')
    expect(input && changedFields(input.initial, input.values)).toEqual({ price_minor: 3000 })
  })

  it('a failed load says why and can be retried', async () => {
    const { actor, loads, snapshot } = harness({ id: 'missing' })
    loads[0]?.reject(
      new ApiError(404, { status: 404, title: 'Not Found', detail: 'No such service.' }),
    )
    await flush()
    expect(snapshot().value).toBe('loadFailed')
    expect(snapshot().context.formError).toBe('No such service.')
    actor.send({ type: 'form.retry' })
    expect(snapshot().value).toBe('loading')
    loads[1]?.resolve(stored)
    await flush()
    expect(snapshot().value).toBe('editing')
  })

  it('after saving, further changes make it dirty again and can be saved again', async () => {
    const { actor, loads, saves, snapshot } = harness({ id: 'svc-9' })
    loads[0]?.resolve(stored)
    await flush()
    actor.send({ type: 'form.change', values: { name: 'Cut' } })
    actor.send({ type: 'form.submit' })
    saves[0]?.resolve({ id: 'svc-9', name: 'Cut' })
    await flush()
    actor.send({ type: 'form.change', values: { name: 'Cut & dry' } })
    expect(snapshot().value).toBe('editing')
    expect(snapshot().context.dirty).toBe(true)
    actor.send({ type: 'form.submit' })
    expect(saves[1]?.input.initial.name).toBe('Cut')
  })
})

describe('form value helpers', () => {
  it('valuesEqual compares structure, not identity', () => {
    expect(valuesEqual({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true)
    expect(valuesEqual({ a: [1, 2] }, { a: [2, 1] })).toBe(false)
    expect(valuesEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false)
    expect(valuesEqual(null, {})).toBe(false)
    expect(valuesEqual([], {})).toBe(false)
  })

  it('toSaveFailure reads message and string field errors only', () => {
    expect(toSaveFailure({ message: 'Nope', fieldErrors: { a: 'x', b: 3 } })).toMatchObject({
      message: 'Nope',
      fieldErrors: { a: 'x' },
    })
    expect(toSaveFailure(new Error(''))).toMatchObject({
      message: GENERIC_SAVE_ERROR,
      fieldErrors: {},
    })
  })
})
