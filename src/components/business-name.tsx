import { useAuthActions, useProfile, useProfileStatus } from '../app/auth-context'

/** The signed-in user's business: a skeleton while the profile loads, a retry if it failed. */
export function BusinessName() {
  const profile = useProfile()
  const status = useProfileStatus()
  const { reloadProfile } = useAuthActions()

  if (profile) {
    return (
      <div className="p-business">
        <span className="p-business__label">Business</span>
        <span className="p-business__name" data-testid="business-name" title={profile.tenant.name}>
          {profile.tenant.name}
        </span>
      </div>
    )
  }

  if (status === 'failed') {
    return (
      <div className="p-business">
        <span className="p-business__error" role="alert">
          Couldn't load your business —
          <button type="button" className="p-link-button" onClick={reloadProfile}>
            Retry
          </button>
        </span>
      </div>
    )
  }

  return (
    <div className="p-business" aria-busy="true">
      <span className="p-business__label">Business</span>
      <span className="p-business__name" data-testid="business-name">
        <span className="p-skeleton" style={{ width: '8rem' }} />
        <span className="p-visually-hidden">Loading your business…</span>
      </span>
    </div>
  )
}
