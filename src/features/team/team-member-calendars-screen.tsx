import './calendars.css'
import { useEffect, useState } from 'react'
import { Button } from 'react-aria-components'
import { useLocation, useParams, useSearch } from 'wouter'
import { useProfile } from '../../app/auth-context'
import { useToast } from '../../app/toast-context'
import { EmptyState } from '../../components/form/empty-state'
import { FormSkeleton } from '../../components/form/list-skeleton'
import { LoadFailedCard } from '../../components/form/load-failed-card'
import { LoadFailedAlert } from '../../components/load-failed-alert'
import type { Profile } from '../../machines/auth.machine'
import { type CalendarConnection, disconnectCalendar, loadTeamMember } from './api'
import { BookingsCalendarField } from './bookings-calendar-field'
import { CalendarConnectDialog } from './calendar-connect-dialog'
import { useConnectionActions } from './calendar-connection-actions'
import { CalendarConnectionCard } from './calendar-connection-card'
import type { CalendarProviderId } from './calendar-providers'
import { canOpenTeamMember, isOwnRecord, TeamReadOnlyNotice } from './team-access'
import { TeamMemberTabs } from './team-member-tabs'
import type { TeamMember } from './team-member-values'
import { useCalendarConnections, useNow } from './use-calendar-connections'

/** What Google's return to this screen says (`?google=`), in the member's words. */
const GOOGLE_OUTCOMES: Record<string, { tone: 'success' | 'warn'; text: string }> = {
  connected: {
    tone: 'success',
    text: 'Google Calendar is connected. Its busy times appear here within moments.',
  },
  denied: {
    tone: 'warn',
    text: 'Google Calendar was not connected: access was not allowed on Google’s screen.',
  },
  failed: {
    tone: 'warn',
    text: 'Google Calendar could not be connected: Google did not confirm the sign-in. Please try again.',
  },
}

/** Where Reconnect starts: the same kind of connection (a CalDAV one as "other CalDAV"). */
const PROVIDER_OF_KIND: Record<CalendarConnection['kind'], CalendarProviderId> = {
  caldav: 'caldav',
  ical_url: 'ical',
  google: 'google',
}

/**
 * /team/:id/calendars: the member's own calendars (iCloud, Google, Nextcloud, …) connected to
 * Slotwise. The member manages their own, owners and admins anyone's.
 */
export function TeamMemberCalendarsScreen() {
  const { id = '' } = useParams<{ id: string }>()
  const profile = useProfile()
  const [member, setMember] = useState<TeamMember | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [attempt, setAttempt] = useState(0)

  // biome-ignore lint/correctness/useExhaustiveDependencies: Try again (a new attempt) loads once more
  useEffect(() => {
    let current = true
    setFailure(null)
    loadTeamMember(id).then(
      (loaded) => current && setMember(loaded),
      (error: unknown) =>
        current &&
        setFailure(error instanceof Error ? error.message : 'The team member could not be loaded.'),
    )
    return () => {
      current = false
    }
  }, [id, attempt])

  if (failure) {
    return (
      <LoadFailedCard
        message={failure}
        onRetry={() => setAttempt((count) => count + 1)}
        backHref="/team"
        backLabel="Back to the team"
      />
    )
  }
  if (!profile || !member) return <FormSkeleton label="Loading the team member…" />
  if (!canOpenTeamMember(member, profile)) {
    return (
      <TeamReadOnlyNotice>
        You can manage only your own calendars. Ask an owner or admin to change someone else’s.
      </TeamReadOnlyNotice>
    )
  }
  return <MemberCalendars key={member.id} member={member} profile={profile} />
}

function MemberCalendars({ member, profile }: { member: TeamMember; profile: Profile }) {
  const own = isOwnRecord(member, profile)
  const toast = useToast()
  const now = useNow()
  const search = useSearch()
  const [, navigate] = useLocation()
  const [google] = useState(() => GOOGLE_OUTCOMES[new URLSearchParams(search).get('google') ?? ''])
  // The dialog, and on Reconnect the broken connection the new one takes the place of.
  const [connecting, setConnecting] = useState<{
    provider: CalendarProviderId
    replaces: CalendarConnection | null
  } | null>(null)
  const connectNew = () => setConnecting({ provider: 'google', replaces: null })
  const connections = useCalendarConnections(member.id)
  const actions = useConnectionActions(member.id, connections)

  // The outcome is said once: a reload or Back does not say it again.
  useEffect(() => {
    if (google) navigate(`/team/${member.id}/calendars`, { replace: true })
  }, [google, member.id, navigate])

  const connected = (connection: CalendarConnection) => {
    const replaced = connecting?.replaces
    setConnecting(null)
    connections.replaceOne(connection)
    // Reconnected: the new connection holds the calendars now, so the broken one goes.
    if (replaced) {
      disconnectCalendar(member.id, replaced.id).then(
        () => connections.remove(replaced.id),
        (error: unknown) =>
          toast.error(error instanceof Error ? error : String(error), 'Old connection kept'),
      )
    }
    toast.success(
      `${connection.display_name} is connected with ${connection.calendars.length} calendar${connection.calendars.length === 1 ? '' : 's'}. Its busy times appear within moments.`,
      'Calendar connected',
    )
  }
  const whose = own ? 'your' : `${member.name}’s`
  const { state } = connections

  return (
    <div className="p-form-page">
      <TeamMemberTabs teamMemberId={member.id} name={member.name} current="calendars" />
      <section className="p-form-section" aria-labelledby="member-calendars">
        <h2 id="member-calendars" className="p-form-section__title">
          {own ? 'Your calendars' : `${member.name}’s calendars`}
        </h2>
        <p className="p-form-section__intro">
          Connect the calendars {own ? 'you already keep' : `${member.name} already keeps`} (iCloud,
          Google, Nextcloud, Fastmail…): nobody can book {own ? 'you' : member.name} at times that
          are busy there, and new bookings can be added to one of them. Slotwise checks them every
          few minutes and never changes {whose} own events.
        </p>
        {google ? (
          <p className={`p-notice p-notice--${google.tone}`} role="status">
            {google.text}
          </p>
        ) : null}
        {state.status === 'loading' ? (
          <p role="status" className="p-muted">
            Loading {whose} calendars…
          </p>
        ) : null}
        {state.status === 'failed' ? (
          <LoadFailedAlert
            title="The calendars could not be loaded"
            message={state.message}
            onRetry={connections.retry}
          />
        ) : null}
        {state.status === 'ready' && state.connections.length === 0 ? (
          <EmptyState
            title="No calendars connected yet"
            action={
              <Button className="p-button p-button--primary" onPress={connectNew}>
                Connect a calendar
              </Button>
            }
          >
            <p>
              Connect {whose} calendar so a dentist’s appointment or a lecture there keeps customers
              from booking that time.
            </p>
          </EmptyState>
        ) : null}
        {state.status === 'ready' && state.connections.length > 0 ? (
          <div className="p-stack">
            <BookingsCalendarField
              connections={state.connections}
              onChoose={actions.chooseBookingsCalendar}
            />
            {state.connections.map((connection) => (
              <CalendarConnectionCard
                key={connection.id}
                connection={connection}
                now={now}
                actions={actions.forConnection(connection, () =>
                  setConnecting({
                    provider: PROVIDER_OF_KIND[connection.kind],
                    replaces: connection,
                  }),
                )}
              />
            ))}
            <div className="p-row">
              <Button className="p-button" onPress={connectNew}>
                Connect another calendar
              </Button>
            </div>
          </div>
        ) : null}
      </section>
      {connecting ? (
        <CalendarConnectDialog
          teamMemberId={member.id}
          initialProvider={connecting.provider}
          onClose={() => setConnecting(null)}
          onConnected={connected}
        />
      ) : null}
    </div>
  )
}
