import { useCurrentUser, useProfile } from '../app/auth-context'
import { NotBuiltYet } from '../components/not-built-yet'

export function DashboardScreen() {
  const user = useCurrentUser()
  const profile = useProfile()
  const name = user?.displayName || profile?.user.display_name || user?.email || ''

  return (
    <div className="p-stack-lg">
      <section className="p-card p-stack">
        <h2 className="p-dashboard__welcome">{name ? `Welcome, ${name}` : 'Welcome'}</h2>
        <dl className="p-facts">
          <div className="p-facts__item">
            <dt>Business</dt>
            <dd>{profile ? profile.tenant.name : <Pending />}</dd>
          </div>
          <div className="p-facts__item">
            <dt>Plan</dt>
            <dd>
              {profile ? (
                <>
                  {profile.subscription.plan_name}{' '}
                  <span className="p-badge">{profile.subscription.status.replace('_', ' ')}</span>
                </>
              ) : (
                <Pending />
              )}
            </dd>
          </div>
        </dl>
      </section>
      <section className="p-stack" aria-labelledby="dashboard-appointments">
        <h2 id="dashboard-appointments" className="p-section-title">
          Appointments
        </h2>
        <NotBuiltYet arrivesWith="the appointment calendar">
          <p className="p-muted">Today's appointments and what is coming up next.</p>
        </NotBuiltYet>
      </section>
    </div>
  )
}

function Pending() {
  return (
    <>
      <span className="p-skeleton" style={{ width: '7rem' }} aria-hidden="true" />
      <span className="p-visually-hidden">Loading…</span>
    </>
  )
}
