import { type FormEvent, useId, useMemo, useState } from 'react'
import { Form } from 'react-aria-components'
import { Link, useSearch } from 'wouter'
import { useAuthActions, useAuthBusy, useAuthError } from '../../app/auth-context'
import { FormComboBoxField } from '../../components/form/combo-box-field'
import { supportedTimeZones, TimeZoneField } from '../../components/form/time-zone-field'
import { FormError } from '../../components/form-error'
import { currencyForLanguages, currencyOptions } from '../../domain/business-region'
import { checkPassword, meetsPasswordRules } from '../../domain/password-rules'
import { AuthCardLayout } from './auth-card-layout'
import { EMAIL_MESSAGES } from './auth-form-messages'
import { type AuthMethod, ContinueWithGoogle, PasswordSubmitButton } from './auth-method-buttons'
import { PasswordChecklist } from './password-checklist'
import { TextInputField } from './text-input-field'

/** The browser's own zone, when it is one the zone picker offers; else UTC. */
function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
  return zone && supportedTimeZones().includes(zone) ? zone : 'UTC'
}

/**
 * Sign-up. The password rules are checked as the user types and again before signUp is called;
 * the provider can still refuse (its policy is the authority), and then its message shows here
 * as well as in the toast.
 */
export function RegisterScreen() {
  const { signUp, signInWithGoogle } = useAuthActions()
  const busy = useAuthBusy()
  const error = useAuthError()
  const search = useSearch()
  const checklistId = useId()
  const [password, setPassword] = useState('')
  const [method, setMethod] = useState<AuthMethod | null>(null)
  const [businessName, setBusinessName] = useState('')
  // Guessed from the browser, shown and editable: hours and prices are read in them.
  const [timeZone, setTimeZone] = useState(browserTimeZone)
  const [currency, setCurrency] = useState(() => currencyForLanguages(navigator.languages))
  const currencies = useMemo(() => currencyOptions(currency), [currency])

  const business = () => ({
    ...(businessName.trim() ? { name: businessName.trim() } : {}),
    time_zone: timeZone,
    currency,
  })

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    // Native validation already stopped a weak password; this guards the call itself.
    if (!meetsPasswordRules(password) || !timeZone || !currency) return
    setMethod('password')
    signUp(
      String(data.get('email') ?? ''),
      password,
      String(data.get('displayName') ?? '').trim(),
      business(),
    )
  }

  const onGoogle = () => {
    setMethod('google')
    signInWithGoogle(timeZone && currency ? business() : undefined)
  }

  return (
    <AuthCardLayout
      title="Create account"
      subtitle="Set up your business on Slotwise in a minute."
      footer={
        <>
          Already have an account? <Link href={`/login${search ? `?${search}` : ''}`}>Sign in</Link>
        </>
      }
    >
      {method && error && !busy ? (
        <FormError title="Couldn't create your account" message={error} />
      ) : null}
      <Form className="p-form" onSubmit={onSubmit}>
        <TextInputField
          name="displayName"
          label="Your name"
          autoComplete="name"
          isRequired
          validate={(value) => (value.trim() === '' ? 'Enter your name.' : null)}
          messages={{ required: 'Enter your name.' }}
        />
        <TextInputField
          name="businessName"
          label="Business name"
          autoComplete="organization"
          isRequired
          value={businessName}
          onChange={setBusinessName}
          validate={(value) => (value.trim() === '' ? 'Enter the name of your business.' : null)}
          messages={{ required: 'Enter the name of your business.' }}
        />
        <TimeZoneField
          label="Time zone"
          name="timeZone"
          isRequired
          value={timeZone || null}
          onChange={(zone) => setTimeZone(zone ?? '')}
          error={timeZone ? undefined : 'Choose the time zone your business works in.'}
          description="Detected from this device. Your working hours and calendar use it."
        />
        <FormComboBoxField
          label="Currency"
          name="currency"
          isRequired
          placeholder="Type a code, e.g. EUR"
          options={currencies}
          value={currency || null}
          onChange={(code) => setCurrency(code ?? '')}
          error={currency ? undefined : 'Choose the currency of your prices.'}
          description="Your prices are shown in it."
        />
        <TextInputField
          name="email"
          type="email"
          label="Email"
          autoComplete="email"
          isRequired
          messages={EMAIL_MESSAGES}
        />
        <TextInputField
          name="password"
          type="password"
          label="Password"
          autoComplete="new-password"
          isRequired
          value={password}
          onChange={setPassword}
          aria-describedby={checklistId}
          validate={(value) =>
            meetsPasswordRules(value) ? null : 'Choose a password that meets every rule below.'
          }
          messages={{ required: 'Choose a password.' }}
        />
        <PasswordChecklist id={checklistId} results={checkPassword(password)} />
        <PasswordSubmitButton busy={busy} method={method} label="Create account" />
      </Form>
      <ContinueWithGoogle busy={busy} method={method} onPress={onGoogle} />
    </AuthCardLayout>
  )
}
