import './dashboard.css'
import { useActorRef, useSelector } from '@xstate/react'
import { type ComponentProps, useCallback, useState } from 'react'
import { Button } from 'react-aria-components'
import { Link, useLocation, useSearch } from 'wouter'
import { can } from '../../../shared/permissions.ts'
import { useCurrentUser, useProfile } from '../../app/auth-context'
import { useLiveEvents, useLiveReconnected } from '../../app/live-context'
import { useToast } from '../../app/toast-context'
import type * as CancelDialogModule from '../../components/appointments/cancel-appointment-dialog'
import {
  DeferredAppointmentDialog as AppointmentDialog,
  appointmentDialogPart,
} from '../../components/appointments/deferred-appointment-dialog'
import { bookingPageUrl } from '../../components/booking-address'
import { EmptyState } from '../../components/form/empty-state'
import { Deferred, lazyPart, usePreloadWhenIdle } from '../../components/lazy-part'
import { LoadFailedAlert } from '../../components/load-failed-alert'
import {
  type AppointmentAccess,
  accessFor,
  mayBook,
  mayChangeAppointment,
} from '../../domain/appointment-access'
import type { Profile } from '../../machines/auth.machine'
import { AppointmentList, AppointmentListSkeleton } from './appointment-list'
import { DashboardFigures, DashboardFiguresSkeleton } from './dashboard-figures'
import { type Appointment, formatSlotStart } from './dashboard-values'
import { dashboardLogic } from './effects'
import type * as QuickDialogModule from './quick-appointment-dialog'
import { BookingPageBar, SetupChecklistCard } from './setup-checklist'

/** The address that opens Quick Appointment (the header action links here). */
export const QUICK_APPOINTMENT_HREF = '/dashboard?quick=1'

// The dialogs are chunks of their own, fetched once the figures are on screen: the first paint
// does not wait for their code (the appointment dialog alone brings a dozen panels and machines).
const cancelDialog = lazyPart(() =>
  import('../../components/appointments/cancel-appointment-dialog').then(
    (m) => m.CancelAppointmentDialog,
  ),
)
const quickDialog = lazyPart(() =>
  import('./quick-appointment-dialog').then((m) => m.QuickAppointmentDialog),
)
const quickUnavailable = lazyPart(() =>
  import('./quick-appointment-dialog').then((m) => m.QuickAppointmentUnavailable),
)
const DIALOGS = [appointmentDialogPart, cancelDialog, quickDialog]

function CancelAppointmentDialog(
  props: ComponentProps<typeof CancelDialogModule.CancelAppointmentDialog>,
) {
  return <Deferred part={cancelDialog} props={props} />
}
function QuickAppointmentDialog(
  props: ComponentProps<typeof QuickDialogModule.QuickAppointmentDialog>,
) {
  return <Deferred part={quickDialog} props={props} />
}
function QuickAppointmentUnavailable(
  props: ComponentProps<typeof QuickDialogModule.QuickAppointmentUnavailable>,
) {
  return <Deferred part={quickUnavailable} props={props} />
}

/**
 * /dashboard: today's and this week's figures, today's and the upcoming appointments, kept
 * current by live events; Quick Appointment opens over it while the address has `?quick=1`.
 */
export function DashboardScreen() {
  const profile = useProfile()
  if (!profile) {
    return (
      <div className="p-stack-lg">
        <DashboardFiguresSkeleton />
        <ListsSkeleton />
      </div>
    )
  }
  return <DashboardBody profile={profile} />
}

function Welcome({ profile }: { profile: Profile }) {
  const user = useCurrentUser()
  const name = user?.displayName || profile.user.display_name || user?.email || ''
  const today = new Intl.DateTimeFormat(undefined, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: profile.tenant.time_zone,
  }).format(new Date())
  return (
    <div className="p-dashboard__intro">
      <h2 className="p-dashboard__welcome">{name ? `Welcome, ${name}` : 'Welcome'}</h2>
      <p className="p-muted">
        {today}. Times are shown in {profile.tenant.time_zone.replaceAll('_', ' ')}.
      </p>
      {/* A plain link: the figures are Insights' own request, never the dashboard's start. */}
      {can(profile.permission, 'insights.read') ? (
        <p>
          <Link href="/insights">Last week in Insights</Link>: revenue, bookings and how full each
          person's week was.
        </p>
      ) : null}
    </div>
  )
}

function DashboardBody({ profile }: { profile: Profile }) {
  const timeZone = profile.tenant.time_zone
  const toast = useToast()
  const search = useSearch()
  const [, navigate] = useLocation()
  const quickOpen = new URLSearchParams(search).get('quick') === '1'
  const access = accessFor(profile)
  const canAddServices = can(profile.permission, 'services.write')

  const actor = useActorRef(dashboardLogic)
  const data = useSelector(actor, (s) => s.context.data)
  const loading = useSelector(actor, (s) => s.hasTag('loading'))
  const failure = useSelector(actor, (s) => (s.matches('failed') ? s.context.failure : null))
  const refreshFailure = useSelector(actor, (s) => s.context.refreshFailure)
  const stale = useSelector(actor, (s) => s.hasTag('refreshing'))
  usePreloadWhenIdle(data !== null, DIALOGS)

  const [cancelling, setCancelling] = useState<Appointment | null>(null)
  const [opened, setOpened] = useState<Appointment | null>(null)

  const changed = useCallback(
    (appointment: Appointment) => actor.send({ type: 'dashboard.appointmentChanged', appointment }),
    [actor],
  )

  useLiveEvents((event) => {
    if ('appointment' in event) changed(event.appointment)
    // A new time zone or currency changes what the figures mean: fetch them again.
    else actor.send({ type: 'dashboard.refresh' })
  })
  useLiveReconnected(() => actor.send({ type: 'dashboard.refresh' }))

  const openQuick = () => navigate(QUICK_APPOINTMENT_HREF)
  const closeQuick = () => navigate('/dashboard', { replace: true })

  const booked = (appointment: Appointment) => {
    changed(appointment)
    toast.success(
      `${appointment.customer_name}: ${formatSlotStart(appointment.starts_at, timeZone)} with ${appointment.team_member_name}.`,
      'Appointment booked',
    )
    closeQuick()
  }

  const canChange = (appointment: Appointment) => mayChangeAppointment(access, appointment)

  return (
    <div className="p-stack-lg">
      <Welcome profile={profile} />
      {can(profile.permission, 'business.write') ? (
        <SetupChecklistCard profile={profile} />
      ) : (
        <BookingPageBar slug={profile.tenant.slug} />
      )}
      {failure ? (
        <LoadFailedAlert
          title="The dashboard could not be loaded"
          message={failure.message}
          onRetry={() => actor.send({ type: 'dashboard.retry' })}
        />
      ) : loading || !data ? (
        <>
          <DashboardFiguresSkeleton />
          <ListsSkeleton />
        </>
      ) : (
        <>
          <DashboardFigures dashboard={data.dashboard} stale={stale} />
          {refreshFailure ? (
            <div className="p-dashboard__refresh-failed" role="status">
              The figures could not be brought up to date: {refreshFailure.message}{' '}
              <Button
                className="p-button p-button--small"
                onPress={() => actor.send({ type: 'dashboard.refresh' })}
              >
                Try again
              </Button>
            </div>
          ) : null}
          <div className="p-dashboard__lists">
            <section className="p-card p-dashboard__list" aria-labelledby="dashboard-today">
              <h2 id="dashboard-today" className="p-section-title">
                Today
              </h2>
              {data.dashboard.today_appointments.length > 0 ? (
                <AppointmentList
                  label="Today's appointments"
                  appointments={data.dashboard.today_appointments}
                  timeZone={timeZone}
                  withDay={false}
                  canChange={canChange}
                  onOpen={setOpened}
                  onCancel={setCancelling}
                />
              ) : data.hasServices ? (
                <EmptyState
                  title="Nothing booked today"
                  action={<QuickButton access={access} onPress={openQuick} />}
                >
                  <p>Book someone in with Quick Appointment: it finds the next free time.</p>
                  <p>
                    Or let customers book themselves on your booking page:{' '}
                    <a href={bookingPageUrl(profile.tenant.slug)} target="_blank" rel="noreferrer">
                      {bookingPageUrl(profile.tenant.slug)}
                    </a>
                  </p>
                </EmptyState>
              ) : (
                <NoServicesYet canAddServices={canAddServices} />
              )}
            </section>
            <section className="p-card p-dashboard__list" aria-labelledby="dashboard-upcoming">
              <h2 id="dashboard-upcoming" className="p-section-title">
                Upcoming
              </h2>
              {data.dashboard.upcoming.length > 0 ? (
                <AppointmentList
                  label="Upcoming appointments"
                  appointments={data.dashboard.upcoming}
                  timeZone={timeZone}
                  withDay
                  canChange={canChange}
                  onOpen={setOpened}
                  onCancel={setCancelling}
                />
              ) : (
                <p className="p-muted p-dashboard__list-empty">
                  Nothing is booked after today yet.
                </p>
              )}
            </section>
          </div>
        </>
      )}

      {quickOpen && !mayBook(access) ? <QuickAppointmentUnavailable onClose={closeQuick} /> : null}
      {quickOpen && mayBook(access) ? (
        <QuickAppointmentDialog
          timeZone={timeZone}
          teamMemberId={access.writeAny ? null : access.ownTeamMemberId}
          canAddServices={canAddServices}
          onBooked={booked}
          onClose={closeQuick}
        />
      ) : null}
      {opened ? (
        <AppointmentDialog
          appointmentId={opened.id}
          appointment={opened}
          isOpen
          onClose={() => setOpened(null)}
          onChanged={changed}
        />
      ) : null}
      {cancelling ? (
        <CancelAppointmentDialog
          appointment={cancelling}
          isOpen
          onClose={() => setCancelling(null)}
          onCancelled={changed}
        />
      ) : null}
    </div>
  )
}

function QuickButton({ access, onPress }: { access: AppointmentAccess; onPress: () => void }) {
  if (!mayBook(access)) return null
  return (
    <Button className="p-button p-button--primary" onPress={onPress}>
      Quick Appointment
    </Button>
  )
}

function NoServicesYet({ canAddServices }: { canAddServices: boolean }) {
  return canAddServices ? (
    <EmptyState
      title="No services yet"
      actionLabel="Add your first service"
      actionHref="/services/create"
    >
      <p>Add what customers book (a haircut, a consultation) before booking appointments.</p>
    </EmptyState>
  ) : (
    <EmptyState title="No services yet">
      <p>An owner or admin of your business adds the services customers can book.</p>
    </EmptyState>
  )
}

function ListsSkeleton() {
  return (
    <div className="p-dashboard__lists">
      <section className="p-card p-dashboard__list" aria-labelledby="dashboard-today-loading">
        <h2 id="dashboard-today-loading" className="p-section-title">
          Today
        </h2>
        <AppointmentListSkeleton label="Loading today's appointments…" />
      </section>
      <section className="p-card p-dashboard__list" aria-labelledby="dashboard-upcoming-loading">
        <h2 id="dashboard-upcoming-loading" className="p-section-title">
          Upcoming
        </h2>
        <AppointmentListSkeleton label="Loading upcoming appointments…" />
      </section>
    </div>
  )
}
