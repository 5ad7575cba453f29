import { PendingButton } from '../../components/form/pending-button'
import { GoogleIcon } from './google-icon'

/** How the user is signing in: the button they pressed spins, the other waits. */
export type AuthMethod = 'password' | 'google'

interface Progress {
  /** Whether a sign-in or sign-up is under way. */
  busy: boolean
  /** The method this visit's user last pressed, if any. */
  method: AuthMethod | null
}

/** The e-mail and password form's submit button. */
export function PasswordSubmitButton({ busy, method, label }: Progress & { label: string }) {
  return (
    <PendingButton
      type="submit"
      className="p-button p-button--primary p-button--block p-button--large"
      isPending={busy && method === 'password'}
      isDisabled={busy && method !== 'password'}
    >
      {label}
    </PendingButton>
  )
}

/** "or", then the Google button, below the e-mail and password form. */
export function ContinueWithGoogle({ busy, method, onPress }: Progress & { onPress: () => void }) {
  return (
    <>
      <p className="p-divider">or</p>
      <PendingButton
        className="p-button p-button--block p-button--large"
        onPress={onPress}
        isPending={busy && method === 'google'}
        isDisabled={busy && method !== 'google'}
        icon={<GoogleIcon />}
      >
        Continue with Google
      </PendingButton>
    </>
  )
}
