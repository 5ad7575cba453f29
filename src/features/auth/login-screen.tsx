import { type FormEvent, useState } from 'react'
import { Button, Form } from 'react-aria-components'
import { Link, useSearch } from 'wouter'
import { useAuthActions, useAuthBusy, useAuthError } from '../../app/auth-context'
import { FormError } from '../../components/form-error'
import { AuthCardLayout } from './auth-card-layout'
import { EMAIL_MESSAGES } from './auth-form-messages'
import { GoogleIcon } from './google-icon'
import { TextInputField } from './text-input-field'

type Method = 'password' | 'google'

/** Sign-in. On success the guest guard sends the user on (to ?next= or the dashboard). */
export function LoginScreen() {
  const { signIn, signInWithGoogle } = useAuthActions()
  const busy = useAuthBusy()
  const error = useAuthError()
  const search = useSearch()
  // Only this visit's attempts: an error left over from another page is not this form's.
  const [method, setMethod] = useState<Method | null>(null)

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
        <Button
          type="submit"
          className="p-button p-button--primary p-button--block p-button--large"
          isPending={busy && method === 'password'}
          isDisabled={busy && method !== 'password'}
        >
          {busy && method === 'password' ? (
            <span className="p-spinner p-button__spinner" aria-hidden="true" />
          ) : null}
          Sign in
        </Button>
      </Form>
      <p className="p-divider">or</p>
      <Button
        className="p-button p-button--block p-button--large"
        onPress={onGoogle}
        isPending={busy && method === 'google'}
        isDisabled={busy && method !== 'google'}
      >
        {busy && method === 'google' ? (
          <span className="p-spinner p-button__spinner" aria-hidden="true" />
        ) : (
          <GoogleIcon />
        )}
        Continue with Google
      </Button>
    </AuthCardLayout>
  )
}
