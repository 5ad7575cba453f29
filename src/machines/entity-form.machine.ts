import { assign, fromPromise, setup } from 'xstate'

/** Field name (or dotted path, e.g. `working_hours.0.end`) → message to show at that field. */
export type FieldErrors = Record<string, string>

/**
 * Why a save did not go through. A `save` actor may throw anything; an error with a
 * non-empty `fieldErrors` record (see ApiError in src/api/api-error.ts) makes the form
 * `invalid`, anything else makes it `failed` with `message` as the form-level sentence.
 */
export interface SaveFailure {
  message: string
  fieldErrors: FieldErrors
  /** What the actor threw, for screens that read more of it (a 409's `existing` link). */
  cause: unknown
}

export const GENERIC_SAVE_ERROR = 'Your changes could not be saved. Please try again.'
export const GENERIC_LOAD_ERROR = 'This record could not be loaded.'

/** Reads a thrown value as a SaveFailure (duck-typed: `message`, `fieldErrors`). */
export function toSaveFailure(error: unknown): SaveFailure {
  const shape = (typeof error === 'object' && error !== null ? error : {}) as {
    message?: unknown
    fieldErrors?: unknown
  }
  const fieldErrors =
    typeof shape.fieldErrors === 'object' && shape.fieldErrors !== null
      ? Object.fromEntries(
          Object.entries(shape.fieldErrors as Record<string, unknown>).filter(
            (entry): entry is [string, string] => typeof entry[1] === 'string',
          ),
        )
      : {}
  const message =
    typeof shape.message === 'string' && shape.message !== '' ? shape.message : GENERIC_SAVE_ERROR
  return { message, fieldErrors, cause: error }
}

/** Structural equality for form values (plain JSON-like data: objects, arrays, primitives). */
export function valuesEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => valuesEqual(item, b[index]))
  }
  const aKeys = Object.keys(a)
  const bRecord = b as Record<string, unknown>
  const aRecord = a as Record<string, unknown>
  return (
    aKeys.length === Object.keys(b).length &&
    aKeys.every((key) => key in bRecord && valuesEqual(aRecord[key], bRecord[key]))
  )
}

/**
 * The fields of `values` that differ from `initial`, for PATCH bodies that send only what
 * the user changed.
 */
export function changedFields<Values extends object>(
  initial: Values,
  values: Values,
): Partial<Values> {
  const changes: Partial<Values> = {}
  for (const key of Object.keys(values) as Array<keyof Values>) {
    if (!valuesEqual(initial[key], values[key])) changes[key] = values[key]
  }
  return changes
}

export type FormEvent<Values> =
  /** Some fields changed; clears the errors shown at those fields. */
  | { type: 'form.change'; values: Partial<Values> }
  | { type: 'form.submit' }
  /** Back to the last loaded or saved values. */
  | { type: 'form.reset' }
  /** Load again after `loadFailed`. */
  | { type: 'form.retry' }

export interface FormContext<Values, Saved> {
  /** The record's id when editing; null when creating. */
  id: string | null
  values: Values
  /** The values as last loaded or saved: what `dirty` compares against and `reset` restores. */
  pristine: Values
  /** The values of the save that is running (changes made meanwhile stay dirty). */
  submitted: Values | null
  dirty: boolean
  fieldErrors: FieldErrors
  /** The form-level sentence of the last failure (load or save); null when there is none. */
  formError: string | null
  failure: SaveFailure | null
  /** What the last successful save returned. */
  saved: Saved | null
  validate: (values: Values) => FieldErrors
}

export interface FormInput<Values> {
  /** Set when editing: the machine starts by loading this record. */
  id?: string | null
  /** The values a new record starts with (and an edit form shows until it has loaded). */
  initialValues: Values
  /** Checks before saving (required fields the browser cannot see, ranges, cross-field rules). */
  validate?: (values: Values) => FieldErrors
}

export interface LoadInput {
  id: string
}

export interface SaveInput<Values> {
  id: string | null
  values: Values
  /** The last loaded or saved values, to build a PATCH of only the changed fields. */
  initial: Values
}

const noErrors = (): FieldErrors => ({})

/** Drops the errors of the fields a change touched (a dotted path belongs to its top field). */
function withoutErrorsFor(errors: FieldErrors, changed: object): FieldErrors {
  const keys = new Set(Object.keys(changed))
  return Object.fromEntries(
    Object.entries(errors).filter(([path]) => !keys.has(path.split('.')[0] ?? path)),
  )
}

/**
 * A create or edit form: loading (edit only) → editing → saving → saved | invalid | failed.
 * `invalid` holds field errors (from `validate` or the server's problem+json), `failed` a
 * form-level sentence; both, and `saved`, stay editable. `dirty` says whether the values differ
 * from what was last loaded or saved. States carry tags: `busy` (loading, saving) and
 * `editable` (editing, saving, saved, invalid, failed).
 *
 * The app provides `load` (edit forms), `save`, and optionally the `notifySaved` and
 * `notifyFailed` actions (toasts, navigation) with `.provide(...)`.
 * Create one per form: `const serviceForm = createEntityFormMachine<ServiceValues, Service>()`.
 */
export function createEntityFormMachine<Values extends object, Saved = unknown>() {
  return setup({
    types: {
      context: {} as FormContext<Values, Saved>,
      events: {} as FormEvent<Values>,
      input: {} as FormInput<Values>,
    },
    actors: {
      load: fromPromise<Values, LoadInput>(async () => {
        throw new Error('load is provided by the app')
      }),
      save: fromPromise<Saved, SaveInput<Values>>(async () => {
        throw new Error('save is provided by the app')
      }),
    },
    actions: {
      applyChange: assign(({ context, event }) => {
        if (event.type !== 'form.change') return {}
        const changes = event.values
        const values = { ...context.values, ...changes }
        return {
          values,
          dirty: !valuesEqual(values, context.pristine),
          fieldErrors: withoutErrorsFor(context.fieldErrors, changes),
        }
      }),
      reset: assign(({ context }) => ({
        values: context.pristine,
        dirty: false,
        fieldErrors: noErrors(),
        formError: null,
        failure: null,
      })),
      showFieldErrors: assign({
        fieldErrors: ({ context }) => context.validate(context.values),
        formError: null,
      }),
      /** Provided by the app (toast, navigation); `context.saved` holds what the save returned. */
      notifySaved: () => {},
      /** Provided by the app (toast); `context.failure` says why. */
      notifyFailed: () => {},
    },
    guards: {
      isEdit: ({ context }) => context.id !== null,
      failsValidation: ({ context }) => Object.keys(context.validate(context.values)).length > 0,
      hasFieldErrors: (_, failure: SaveFailure) => Object.keys(failure.fieldErrors).length > 0,
    },
  }).createMachine({
    id: 'entityForm',
    context: ({ input }) => ({
      id: input.id ?? null,
      values: input.initialValues,
      pristine: input.initialValues,
      submitted: null,
      dirty: false,
      fieldErrors: noErrors(),
      formError: null,
      failure: null,
      saved: null,
      validate: input.validate ?? noErrors,
    }),
    initial: 'starting',
    states: {
      starting: {
        always: [{ guard: 'isEdit', target: 'loading' }, { target: 'editing' }],
      },
      loading: {
        tags: ['busy'],
        invoke: {
          id: 'load',
          src: 'load',
          input: ({ context }) => ({ id: context.id ?? '' }),
          onDone: {
            target: 'editing',
            actions: assign({
              values: ({ event }) => event.output,
              pristine: ({ event }) => event.output,
              dirty: false,
              formError: null,
            }),
          },
          onError: {
            target: 'loadFailed',
            actions: assign({
              formError: ({ event }) =>
                event.error instanceof Error && event.error.message
                  ? event.error.message
                  : GENERIC_LOAD_ERROR,
              failure: ({ event }) => toSaveFailure(event.error),
            }),
          },
        },
      },
      loadFailed: {
        on: { 'form.retry': 'loading' },
      },
      editing: {
        tags: ['editable'],
        on: {
          'form.change': {
            actions: 'applyChange',
          },
          'form.submit': [
            { guard: 'failsValidation', target: 'invalid', actions: 'showFieldErrors' },
            { target: 'saving' },
          ],
          'form.reset': { target: 'editing', actions: 'reset' },
        },
      },
      saving: {
        tags: ['busy', 'editable'],
        entry: assign({
          submitted: ({ context }) => context.values,
          fieldErrors: noErrors,
          formError: null,
          failure: null,
        }),
        invoke: {
          id: 'save',
          src: 'save',
          input: ({ context }) => ({
            id: context.id,
            values: context.values,
            initial: context.pristine,
          }),
          onDone: {
            target: 'saved',
            actions: [
              assign(({ context, event }) => {
                const pristine = context.submitted ?? context.values
                return {
                  saved: event.output,
                  pristine,
                  submitted: null,
                  dirty: !valuesEqual(context.values, pristine),
                }
              }),
              'notifySaved',
            ],
          },
          onError: [
            {
              guard: {
                type: 'hasFieldErrors',
                params: ({ event }) => toSaveFailure(event.error),
              },
              target: 'invalid',
              actions: [
                assign(({ event }) => {
                  const failure = toSaveFailure(event.error)
                  return { fieldErrors: failure.fieldErrors, failure, submitted: null }
                }),
                'notifyFailed',
              ],
            },
            {
              target: 'failed',
              actions: [
                assign(({ event }) => {
                  const failure = toSaveFailure(event.error)
                  return { formError: failure.message, failure, submitted: null }
                }),
                'notifyFailed',
              ],
            },
          ],
        },
        on: {
          // Typing goes on while a save runs; what was typed meanwhile stays dirty afterwards.
          'form.change': {
            actions: 'applyChange',
          },
        },
      },
      saved: {
        tags: ['editable'],
        on: {
          'form.change': {
            target: 'editing',
            actions: 'applyChange',
          },
          'form.submit': [
            { guard: 'failsValidation', target: 'invalid', actions: 'showFieldErrors' },
            { target: 'saving' },
          ],
          'form.reset': { target: 'editing', actions: 'reset' },
        },
      },
      invalid: {
        tags: ['editable'],
        on: {
          'form.change': {
            actions: 'applyChange',
          },
          'form.submit': [
            {
              guard: 'failsValidation',
              target: 'invalid',
              reenter: true,
              actions: 'showFieldErrors',
            },
            { target: 'saving' },
          ],
          'form.reset': { target: 'editing', actions: 'reset' },
        },
      },
      failed: {
        tags: ['editable'],
        on: {
          'form.change': {
            actions: 'applyChange',
          },
          'form.submit': [
            { guard: 'failsValidation', target: 'invalid', actions: 'showFieldErrors' },
            { target: 'saving' },
          ],
          'form.reset': { target: 'editing', actions: 'reset' },
        },
      },
    },
  })
}
