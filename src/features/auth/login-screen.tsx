import { type FormEvent, useState } from 'react'
import { Form } from 'react-aria-components'
import { Link, useSearch } from 'wouter'
import { useAuthActions, useAuthBusy, useAuthError } from '../../app/auth-context'
import { FormError } from '../../components/form-error'
import { AuthCardLayout } from './auth-card-layout'
import { EMAIL_MESSAGES } from './auth-form-messages'
import { type AuthMethod, ContinueWithGoogle, PasswordSubmitButton } from './auth-method-buttons'
import { TextInputField } from './text-input-field'

/** Sign-in. On success the guest guard sends the user on (to ?next= or the dashboard). */
export function LoginScreen() {
  const { signIn, signInWithGoogle } = useAuthActions()
  const busy = useAuthBusy()
  const error = useAuthError()
  const search = useSearch()
  // Only this visit's attempts: an error left over from another page is not this form's.
  const [method, setMethod] = useState<AuthMethod | null>(null)

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    setMethod('password')
    signIn(String(data.get('email') ?? ''), String(data.get('password') ?? ''))
  }

  const onGoogle = () => {
    setMethod('google')
    signInWithGoogle()
  }

  return (
    <AuthCardLayout
      title="Sign in"
      subtitle="Welcome back. Sign in to manage your appointments."
      footer={
        <>
          New to Slotwise?{' '}
          <Link href={`/register${search ? `?${search}` : ''}`}>Create an account</Link>
        </>
      }
    >
      {method && error && !busy ? <FormError title="Couldn't sign you in" message={error} /> : null}
      <Form className="p-form" onSubmit={onSubmit}>
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
          autoComplete="current-password"
          isRequired
          messages={{ required: 'Enter your password.' }}
        />
        <PasswordSubmitButton busy={busy} method={method} label="Sign in" />
      </Form>
      <ContinueWithGoogle busy={busy} method={method} onPress={onGoogle} />
    </AuthCardLayout>
  )
}
