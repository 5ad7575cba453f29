import { type FormEvent, useState } from 'react'
import { Button } from 'react-aria-components'
import { ApiError, type FieldErrors } from '../../api/api-error'
import { PendingButton } from '../../components/form/pending-button'
import { FormRadioGroupField } from '../../components/form/radio-group-field'
import { FormTextField } from '../../components/form/text-field'
import { isBlank } from '../../components/form/validation'
import { FormError } from '../../components/form-error'
import { ModalDialog } from '../../components/modal-dialog'
import {
  type CalendarConnection,
  connectCalDav,
  connectICalAddress,
  startGoogleConnection,
} from './api'
import {
  CALENDAR_PROVIDERS,
  type CalendarProvider,
  type CalendarProviderId,
} from './calendar-providers'

interface ConnectValues {
  server_url: string
  username: string
  password: string
  url: string
}

/** The fields a provider needs, each said in a sentence when left blank. */
function blankFields(provider: CalendarProvider, values: ConnectValues): FieldErrors {
  const errors: FieldErrors = {}
  if (provider.kind === 'caldav') {
    if (isBlank(values.server_url) || values.server_url.trim() === 'https://') {
      errors.server_url = 'Enter the server address.'
    }
    if (isBlank(values.username)) errors.username = 'Enter the username (often your e-mail).'
    if (isBlank(values.password)) errors.password = 'Enter the password.'
  }
  if (provider.kind === 'ical_url' && isBlank(values.url)) {
    errors.url = 'Enter the secret address.'
  }
  return errors
}

/**
 * Connecting a calendar: where it lives (iCloud, Fastmail, Nextcloud, another CalDAV server,
 * a secret iCal address, Google), then what that needs, with the server address filled in where
 * it is known and the hint people need (iCloud's app-specific password). A refusal lands on
 * the field it names (a wrong password on Password); Google leaves for its consent screen and
 * comes back to the Calendars screen with the outcome.
 */
export function CalendarConnectDialog({
  teamMemberId,
  initialProvider = 'google',
  onClose,
  onConnected,
}: {
  teamMemberId: string
  initialProvider?: CalendarProviderId
  onClose: () => void
  onConnected: (connection: CalendarConnection) => void
}) {
  const [provider, setProvider] = useState(
    () => CALENDAR_PROVIDERS.find((entry) => entry.id === initialProvider) ?? CALENDAR_PROVIDERS[0],
  )
  const [values, setValues] = useState<ConnectValues>({
    server_url: provider?.serverUrl ?? '',
    username: '',
    password: '',
    url: '',
  })
  const [errors, setErrors] = useState<FieldErrors>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  if (!provider) return null

  const choose = (id: CalendarProviderId) => {
    const next = CALENDAR_PROVIDERS.find((entry) => entry.id === id) ?? provider
    setProvider(next)
    setValues((current) => ({ ...current, server_url: next.serverUrl }))
    setErrors({})
    setFailure(null)
  }
  const set = (field: keyof ConnectValues) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }))
    setErrors(({ [field]: _, ...rest }) => rest)
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const blank = blankFields(provider, values)
    setErrors(blank)
    setFailure(null)
    if (Object.keys(blank).length > 0) return
    setPending(true)
    try {
      if (provider.kind === 'google') {
        window.location.assign(await startGoogleConnection(teamMemberId))
        return
      }
      const connection =
        provider.kind === 'caldav'
          ? await connectCalDav(teamMemberId, {
              server_url: values.server_url.trim(),
              username: values.username.trim(),
              password: values.password,
            })
          : await connectICalAddress(teamMemberId, values.url.trim())
      onConnected(connection)
    } catch (error) {
      setPending(false)
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
        setErrors(error.fieldErrors)
        // Say it once at the top too, when the field named is not on the form.
        const shown = ['server_url', 'username', 'password', 'url']
        if (!Object.keys(error.fieldErrors).some((field) => shown.includes(field))) {
          setFailure(error.problem.detail ?? error.message)
        }
      } else {
        setFailure(error instanceof Error ? error.message : 'The calendar could not be connected.')
      }
    }
  }

  return (
    <ModalDialog title="Connect a calendar" onClose={onClose} busy={pending} closeButton>
      <form className="p-stack" onSubmit={(event) => void submit(event)} noValidate>
        <FormRadioGroupField<CalendarProviderId>
          label="Where is the calendar?"
          name="provider"
          value={provider.id}
          onChange={choose}
          options={CALENDAR_PROVIDERS.map((entry) => ({ id: entry.id, label: entry.name }))}
          description={provider.hint}
          isDisabled={pending}
        />
        {provider.kind === 'caldav' ? (
          <>
            <FormTextField
              label="Server address"
              name="server_url"
              type="url"
              inputMode="url"
              value={values.server_url}
              onChange={set('server_url')}
              error={errors.server_url}
              isRequired
              isDisabled={pending}
            />
            <FormTextField
              label="Username"
              name="username"
              autoComplete="username"
              value={values.username}
              onChange={set('username')}
              error={errors.username}
              isRequired
              isDisabled={pending}
            />
            <FormTextField
              label={provider.id === 'icloud' ? 'App-specific password' : 'Password'}
              name="password"
              type="password"
              autoComplete="off"
              value={values.password}
              onChange={set('password')}
              error={errors.password}
              isRequired
              isDisabled={pending}
            />
          </>
        ) : null}
        {provider.kind === 'ical_url' ? (
          <FormTextField
            label="Secret iCal address"
            name="url"
            type="url"
            inputMode="url"
            placeholder="https://… or webcal://…"
            value={values.url}
            onChange={set('url')}
            error={errors.url}
            isRequired
            isDisabled={pending}
          />
        ) : null}
        {failure ? <FormError title="Not connected" message={failure} /> : null}
        <div className="p-dialog__actions">
          <Button className="p-button" onPress={onClose} isDisabled={pending}>
            Cancel
          </Button>
          <PendingButton type="submit" className="p-button p-button--primary" isPending={pending}>
            {provider.kind === 'google'
              ? 'Continue to Google'
              : pending
                ? 'Connecting…'
                : 'Connect'}
          </PendingButton>
        </div>
      </form>
    </ModalDialog>
  )
}
