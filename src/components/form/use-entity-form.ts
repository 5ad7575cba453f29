import { useActorRef, useSelector } from '@xstate/react'
import { type FormEvent, type RefObject, useMemo, useRef } from 'react'
import { fromPromise } from 'xstate'
import { useToast } from '../../app/toast-context'
import type {
  createEntityFormMachine,
  FieldErrors,
  SaveFailure,
  SaveInput,
} from '../../machines/entity-form.machine'
import { useFocusFirstInvalid } from './use-focus-first-invalid'
import { useUnsavedChangesWarning } from './use-unsaved-changes-warning'

type FormMachine<Values extends object, Saved> = ReturnType<
  typeof createEntityFormMachine<Values, Saved>
>

export interface EntityFormOptions<Values extends object, Saved> {
  /** Made once per form type at module level: `createEntityFormMachine<Values, Saved>()`. */
  machine: FormMachine<Values, Saved>
  /** The record to edit; null or absent for a create form. */
  id?: string | null
  initialValues: Values
  validate?: (values: Values) => FieldErrors
  /** Reads the record (edit forms) and turns it into form values. Throw ApiError on failure. */
  load?: (id: string) => Promise<Values>
  /** Sends the values; throw ApiError on failure (its fieldErrors land at the fields). */
  save: (input: SaveInput<Values>) => Promise<Saved>
  /** After a successful save: a toast, and usually navigation. */
  onSaved: (saved: Saved) => void
  /** After a failed save; default: an error toast with the failure's sentence. */
  onFailed?: (failure: SaveFailure) => void
  /** Leave false for forms whose changes are saved piece by piece elsewhere. Default true. */
  warnOnUnsavedChanges?: boolean
}

export interface EntityFormView<Values extends object> {
  values: Values
  fieldErrors: FieldErrors
  formError: string | null
  failure: SaveFailure | null
  dirty: boolean
  isLoading: boolean
  loadFailed: boolean
  isSaving: boolean
  /** Change some fields: `change({ name })`. */
  change: (values: Partial<Values>) => void
  submit: () => void
  reset: () => void
  retryLoad: () => void
  /** For react-aria's `<Form onSubmit>`: stops the browser's submit and sends `form.submit`. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  /** For the `<Form ref>`: a refused submit focuses and shows its first invalid field. */
  formRef: RefObject<HTMLFormElement | null>
}

/**
 * Runs a create/edit form on the generic form machine: the screen hands over plain async
 * `load`/`save` functions and what to do after saving; it gets the values, errors and
 * commands back, and the unsaved-changes warning comes with it.
 */
export function useEntityForm<Values extends object, Saved>(
  options: EntityFormOptions<Values, Saved>,
): EntityFormView<Values> {
  const toast = useToast()
  // The machine's effects call whatever the latest render passed in.
  const latest = useRef(options)
  latest.current = options

  const logic = useMemo(
    () =>
      options.machine.provide({
        actors: {
          load: fromPromise<Values, { id: string }>(({ input }) => {
            const load = latest.current.load
            if (!load) throw new Error('This form cannot load a record.')
            return load(input.id)
          }),
          save: fromPromise<Saved, SaveInput<Values>>(({ input }) => latest.current.save(input)),
        },
        actions: {
          notifySaved: ({ context }) => latest.current.onSaved(context.saved as Saved),
          notifyFailed: ({ context }) => {
            if (!context.failure) return
            if (latest.current.onFailed) latest.current.onFailed(context.failure)
            else toast.error(context.failure.message)
          },
        },
      }),
    [options.machine, toast],
  )

  const actor = useActorRef(logic, {
    input: {
      id: options.id ?? null,
      initialValues: options.initialValues,
      validate: options.validate,
    },
  })

  const values = useSelector(actor, (snapshot) => snapshot.context.values)
  const fieldErrors = useSelector(actor, (snapshot) => snapshot.context.fieldErrors)
  const formError = useSelector(actor, (snapshot) => snapshot.context.formError)
  const failure = useSelector(actor, (snapshot) => snapshot.context.failure)
  const dirty = useSelector(actor, (snapshot) => snapshot.context.dirty)
  const isLoading = useSelector(actor, (snapshot) => snapshot.matches('loading'))
  const loadFailed = useSelector(actor, (snapshot) => snapshot.matches('loadFailed'))
  const isSaving = useSelector(actor, (snapshot) => snapshot.matches('saving'))

  useUnsavedChangesWarning((options.warnOnUnsavedChanges ?? true) && dirty)
  const formRef = useFocusFirstInvalid<HTMLFormElement>(fieldErrors)

  const commands = useMemo(
    () => ({
      change: (changes: Partial<Values>) => actor.send({ type: 'form.change', values: changes }),
      submit: () => actor.send({ type: 'form.submit' }),
      reset: () => actor.send({ type: 'form.reset' }),
      retryLoad: () => actor.send({ type: 'form.retry' }),
      onSubmit: (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault()
        actor.send({ type: 'form.submit' })
      },
    }),
    [actor],
  )

  return {
    values,
    fieldErrors,
    formError,
    failure,
    dirty,
    isLoading,
    loadFailed,
    isSaving,
    ...commands,
    formRef,
  }
}
