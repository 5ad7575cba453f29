import type { ReactNode } from 'react'
import { Form } from 'react-aria-components'
import { Link } from 'wouter'
import { ApiError } from '../../api/api-error'
import { useToast } from '../../app/toast-context'
import { AccessDenied } from '../../components/access-denied'
import { FormActions } from '../../components/form/form-actions'
import { FormSkeleton } from '../../components/form/list-skeleton'
import { type EntityFormView, useEntityForm } from '../../components/form/use-entity-form'
import { LoadFailedAlert } from '../../components/load-failed-alert'
import type { createEntityFormMachine, FieldErrors } from '../../machines/entity-form.machine'
import { loadSettings } from './api'
import type { Settings } from './setting-pages'

/**
 * One setting's page (booking policy, notifications, appearance): it loads the settings, shows
 * its part as a form, saves the whole part with PUT, and says so in a toast. The caller gives
 * the fields.
 */
export function SettingFormPage<Values extends object, Saved>({
  machine,
  settingId,
  name,
  initialValues,
  fromSettings,
  load,
  save,
  validate,
  children,
}: {
  /** Made once per setting at module level. */
  machine: ReturnType<typeof createEntityFormMachine<Values, Saved>>
  settingId: string
  /** "Booking policy": used in messages. */
  name: string
  /** Shown only until the saved values arrive. */
  initialValues: Values
  fromSettings?: (settings: Settings) => Values
  /** For a setting outside GET /settings (embed): loads its values instead of fromSettings. */
  load?: () => Promise<Values>
  save: (values: Values) => Promise<Saved>
  validate?: (values: Values) => FieldErrors
  children: (form: EntityFormView<Values>) => ReactNode
}) {
  const toast = useToast()
  const form = useEntityForm<Values, Saved>({
    machine,
    // The form machine loads when it has an id; a setting's "id" is its page.
    id: settingId,
    initialValues,
    validate,
    load: async () => {
      if (load) return load()
      if (!fromSettings) throw new Error('A setting page needs fromSettings or load.')
      return fromSettings(await loadSettings())
    },
    save: ({ values }) => save(values),
    onSaved: () => toast.success(`Your ${name.toLowerCase()} was saved.`, `${name} saved`),
  })

  if (form.loadFailed) {
    const status = form.failure?.cause instanceof ApiError ? form.failure.cause.status : null
    if (status === 403) return <AccessDenied what="settings" />
    return (
      <LoadFailedAlert
        title={`Couldn't load the ${name.toLowerCase()}`}
        message={form.formError}
        onRetry={form.retryLoad}
      />
    )
  }

  return (
    <div className="p-form-page">
      <Link href="/settings" className="p-setting-back">
        ← All settings
      </Link>
      {form.isLoading ? (
        <FormSkeleton fields={5} label={`Loading the ${name.toLowerCase()}…`} />
      ) : (
        <Form
          className="p-form"
          ref={form.formRef}
          onSubmit={form.onSubmit}
          validationBehavior="aria"
        >
          {form.formError ? (
            <div className="p-alert" role="alert">
              <strong className="p-alert__title">Couldn't save the {name.toLowerCase()}</strong>
              {form.formError}
            </div>
          ) : null}
          {children(form)}
          <FormActions
            busy={form.isSaving}
            saveLabel="Save changes"
            cancelHref="/settings"
            dirty={form.dirty}
          />
        </Form>
      )}
    </div>
  )
}
