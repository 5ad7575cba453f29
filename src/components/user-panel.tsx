import { useAuthActions, useAuthBusy, useCurrentUser } from '../app/auth-context'
import { ThemeToggle } from './theme-toggle'

function initialsOf(text: string): string {
  const words = text.split(/[\s@._-]+/).filter(Boolean)
  return (
    words
      .slice(0, 2)
      .map((word) => word[0]?.toUpperCase() ?? '')
      .join('') || '?'
  )
}

/** Who is signed in, the theme switch and sign-out, at the foot of the sidebar. */
export function UserPanel() {
  const user = useCurrentUser()
  const busy = useAuthBusy()
  const { signOut } = useAuthActions()
  const name = user?.displayName || user?.email || 'Signed in'

  return (
    <section className="p-user" aria-label="Your account">
      <div className="p-user__identity">
        <span className="p-avatar" aria-hidden="true">
          {initialsOf(name)}
        </span>
        <span className="p-user__text">
          <span className="p-user__name">{name}</span>
          {user?.email && user.email !== name ? (
            <span className="p-user__email">{user.email}</span>
          ) : null}
        </span>
      </div>
      <div className="p-user__actions">
        <ThemeToggle />
        <button
          type="button"
          className="p-button p-button--small"
          onClick={() => signOut()}
          disabled={busy}
        >
          Sign out
        </button>
      </div>
    </section>
  )
}
