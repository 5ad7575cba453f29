import './calendar.css'
import { useActorRef, useSelector } from '@xstate/react'
import { type ComponentProps, useCallback, useEffect, useMemo, useState } from 'react'
import { Button } from 'react-aria-components'
import { useLocation, useSearch } from 'wouter'
import { can } from '../../../shared/permissions.ts'
import type { Appointment } from '../../api/appointments'
import { useProfile } from '../../app/auth-context'
import { useLiveEvents, useLiveReconnected } from '../../app/live-context'
import { useToast } from '../../app/toast-context'
import type * as FormDialogModule from '../../components/appointments/appointment-form-dialog'
import type { AppointmentFormInitial } from '../../components/appointments/appointment-form-dialog'
import {
  DeferredAppointmentDialog as AppointmentDialog,
  appointmentDialogPart,
} from '../../components/appointments/deferred-appointment-dialog'
import { EmptyState } from '../../components/form/empty-state'
import { FormError } from '../../components/form-error'
import { Deferred, lazyPart, usePreloadWhenIdle } from '../../components/lazy-part'
import { accessFor, mayBook } from '../../domain/appointment-access'
import { laterDay, todayIn, toWallClock } from '../../domain/appointment-time'
import { parseBookAgain } from '../../domain/book-again'
import { sameRange, type VisibleRange, viewRange, visibleRange } from '../../domain/calendar-range'
import {
  type CalendarLocation,
  type CalendarViewName,
  calendarHref,
  initialView,
  parseCalendarLocation,
  shiftDate,
} from '../../domain/calendar-search-params'
import type { Profile } from '../../machines/auth.machine'
import {
  appointmentEvent,
  appointmentLabel,
  busyBlocksOf,
  busyEvents,
  isDraggable,
  scheduleEvents,
  shownAppointments,
} from './calendar-events'
import { CalendarToolbar } from './calendar-toolbar'
import { CompactCalendarToolbar } from './compact-toolbar'
import { calendarLogic, teamLogic } from './effects'
import { fullCalendarViewPart, NARROW_QUERY } from './full-calendar-chunk'
import type * as FullCalendarModule from './full-calendar-view'
import type { NewAppointmentAt } from './full-calendar-view'
import { TeamDayView } from './team-day-view'
import { useAppointmentMove } from './use-appointment-move'
import { useTeamDay } from './use-team-day'

// Chunks of their own, so the grid does not wait for their code: FullCalendar (see
// full-calendar-chunk.ts; the team's day view does not need it) and the two dialogs.
const appointmentFormDialog = lazyPart(() =>
  import('../../components/appointments/appointment-form-dialog').then(
    (m) => m.AppointmentFormDialog,
  ),
)
const DIALOGS = [appointmentDialogPart, appointmentFormDialog]

function FullCalendarView(props: ComponentProps<typeof FullCalendarModule.FullCalendarView>) {
  return <Deferred part={fullCalendarViewPart} props={props} />
}
/** Closed, the dialog renders nothing: its code is fetched when it first opens (or when idle). */
function AppointmentFormDialog(
  props: ComponentProps<typeof FormDialogModule.AppointmentFormDialog>,
) {
  return props.isOpen ? <Deferred part={appointmentFormDialog} props={props} /> : null
}

/**
 * The last view shown in this session: "New Appointment" in the header links to
 * `/calendar?new=1`, which should open the dialog over the week the user was looking at.
 */
let lastLocation: CalendarLocation | null = null

/** /calendar: day, week and month views of the team's appointments, in the business time zone. */
export function CalendarScreen() {
  const profile = useProfile()
  if (!profile) {
    return (
      <div className="p-cal-loading" role="status">
        <span className="p-visually-hidden">Loading the calendar…</span>
        <span className="p-skeleton p-cal-loading__block" aria-hidden="true" />
      </div>
    )
  }
  return <StaffCalendar profile={profile} />
}

function StaffCalendar({ profile }: { profile: Profile }) {
  const timeZone = profile.tenant.time_zone
  const access = useMemo(() => accessFor(profile), [profile])
  const search = useSearch()
  const [, navigate] = useLocation()
  const location = useMemo(() => parseCalendarLocation(search), [search])
  const [narrow] = useState(() => matchMedia(NARROW_QUERY).matches)
  const view = initialView(location, profile.default_calendar, narrow)
  const Toolbar = narrow ? CompactCalendarToolbar : CalendarToolbar
  const date = location.date ?? todayIn(timeZone)

  const go = useCallback(
    (next: Partial<CalendarLocation>, replace = false) =>
      navigate(calendarHref({ ...location, ...next }), { replace }),
    [location, navigate],
  )

  // "Book again" (`?new=1&customer=…&service=…&start=…`): the booking dialog prefilled.
  const again = useMemo(() => parseBookAgain(search), [search])
  const bookingAgain = again.customerId !== null || again.serviceId !== null
  // The header's "New Appointment" (`?new=1` alone) opens over the view last looked at.
  const onlyCreating =
    location.creating && !location.view && !location.date && !location.member && !bookingAgain
  // Until the address is back on that view, the dialog waits (so it prefills its member filter).
  const restoring = onlyCreating && lastLocation !== null
  useEffect(() => {
    if (onlyCreating && lastLocation)
      go({ ...lastLocation, creating: true, appointmentId: null }, true)
  }, [onlyCreating, go])
  useEffect(() => {
    lastLocation = { ...location, view, date, creating: false, appointmentId: null }
  }, [location, view, date])

  const team = useActorRef(teamLogic)
  const members = useSelector(team, (s) => s.context.data)
  const teamFailure = useSelector(team, (s) => s.context.failure)

  const calendar = useActorRef(calendarLogic)
  const appointments = useSelector(calendar, (s) => s.context.appointments)
  const schedule = useSelector(calendar, (s) => s.context.schedule)
  const truncated = useSelector(calendar, (s) => s.context.truncated)
  const loading = useSelector(calendar, (s) => s.hasTag('loading'))
  const failure = useSelector(calendar, (s) => (s.matches('failed') ? s.context.failure : null))
  const query = useSelector(calendar, (s) => s.context.query)
  usePreloadWhenIdle(!loading && query !== null, DIALOGS)

  const [title, setTitle] = useState('')
  const [range, setRange] = useState<VisibleRange | null>(null)
  const showRange = (shownTitle: string, next: VisibleRange) => {
    setTitle(shownTitle)
    setRange((current) => (sameRange(current, next) ? current : next))
  }
  const teamDay = useTeamDay({
    members,
    teamLoading: members === null && teamFailure === null,
    memberId: location.member,
    view,
    date,
    timeZone,
    onShown: showRange,
  })
  // A week or a month: its range is known from the address, so the appointments are asked for
  // now, not once FullCalendar has loaded and reported it (it then only names the title).
  useEffect(() => {
    if (view === 'day') return
    const next = viewRange(view, date, timeZone)
    setRange((current) => (sameRange(current, next) ? current : next))
  }, [view, date, timeZone])
  useEffect(() => {
    if (range) calendar.send({ type: 'calendar.show', query: { range, memberId: location.member } })
  }, [calendar, range, location.member])

  const changed = useCallback(
    (appointment: Appointment) =>
      calendar.send({ type: 'calendar.appointmentChanged', appointment }),
    [calendar],
  )
  useLiveEvents((event) => {
    if (event.type !== 'profile.updated') changed(event.appointment)
  })
  useLiveReconnected(() => calendar.send({ type: 'calendar.refresh' }))

  const busyBlocks = useMemo(() => busyBlocksOf(schedule), [schedule])
  const events = useMemo(() => {
    const shown = shownAppointments(appointments, location.showCancelled).map((appointment) =>
      appointmentEvent(appointment, access, timeZone),
    )
    const shading =
      schedule && query
        ? scheduleEvents(schedule, query.range, {
            withOffHours: view !== 'month',
            withNames: query.memberId === null,
          })
        : []
    const nameOf = (id: string) =>
      schedule?.members.find((member) => member.team_member_id === id)?.name ?? 'the member'
    const busy = busyEvents(busyBlocks, {
      timeZone,
      nameOf,
      withNames: query?.memberId === null,
    })
    return [...shading, ...busy, ...shown]
  }, [appointments, schedule, busyBlocks, query, location.showCancelled, access, timeZone, view])
  // A busy block is never booked over by a click: the click says why instead.
  const toast = useToast()
  const sayBusy = (label: string) => toast.info(`${label}. Choose another time.`, 'Busy then')

  const [createAt, setCreateAt] = useState<AppointmentFormInitial>({})
  // "New Appointment" without a click: the day in view (never a past one) and the filter's member.
  const headerPrefill = { date: laterDay(date, todayIn(timeZone)), teamMemberId: location.member }
  const openCreate = (at: NewAppointmentAt) => {
    setCreateAt({ teamMemberId: location.member, ...at })
    go({ creating: true, appointmentId: null })
  }

  const moves = useAppointmentMove({ appointments, schedule, timeZone, onChanged: changed })

  const known = location.appointmentId
    ? appointments.find((appointment) => appointment.id === location.appointmentId)
    : undefined

  if (members !== null && members.length === 0) {
    return (
      <EmptyState
        title="No one to book yet"
        actionLabel={can(profile.permission, 'team.write') ? 'Add a team member' : undefined}
        actionHref={can(profile.permission, 'team.write') ? '/team/create' : undefined}
      >
        <p>
          The calendar shows the appointments of bookable team members. Add someone to the team (or
          make a member bookable) to start booking.
        </p>
      </EmptyState>
    )
  }

  return (
    <div className="p-cal">
      <Toolbar
        title={title}
        view={view}
        date={date}
        members={members ?? []}
        memberId={location.member}
        showCancelled={location.showCancelled}
        timeZone={timeZone}
        onPrevious={() => go({ date: shiftDate(view, date, -1) })}
        onNext={() => go({ date: shiftDate(view, date, 1) })}
        onToday={() => go({ date: todayIn(timeZone) })}
        onDate={(day) => go({ date: day })}
        onView={(next: CalendarViewName) => go({ view: next })}
        onMember={(member) => go({ member })}
        teamChoice={teamDay.choice}
        onTeamChoice={teamDay.setChoice}
        shownCount={teamDay.columns.length}
        onShowCancelled={(showCancelled) => go({ showCancelled }, true)}
      />
      {teamFailure ? (
        <FormError title="The team could not be loaded" message={teamFailure.message} />
      ) : null}
      {failure ? (
        <div className="p-alert" role="alert">
          <strong className="p-alert__title">The calendar could not be loaded</strong>
          {failure}{' '}
          <Button
            className="p-button p-button--small"
            onPress={() => calendar.send({ type: 'calendar.retry' })}
          >
            Try again
          </Button>
        </div>
      ) : null}
      {truncated ? (
        <p className="p-alert" role="status">
          Not every appointment fits in this view. Choose one team member or a shorter view to see
          them all.
        </p>
      ) : null}
      <div className="p-cal-widget" aria-busy={loading}>
        <div className={loading ? 'p-cal-progress p-cal-progress--active' : 'p-cal-progress'}>
          {loading ? (
            <span className="p-visually-hidden" role="status">
              Loading appointments…
            </span>
          ) : null}
        </div>
        {teamDay.waiting ? null : teamDay.active ? (
          <TeamDayView
            date={date}
            timeZone={timeZone}
            members={teamDay.columns}
            schedule={schedule}
            busy={busyBlocks}
            appointments={shownAppointments(appointments, location.showCancelled)}
            labelOf={(appointment) => appointmentLabel(appointment, timeZone)}
            isMovable={(appointment) => isDraggable(appointment, access)}
            selectable={mayBook(access)}
            checkMove={moves.checkMove}
            onCreate={openCreate}
            onOpen={(appointment) => go({ appointmentId: appointment.id, creating: false })}
            onBusy={sayBusy}
            onMove={(request) => moves.requestMove(request)}
            onSwipeDay={(by) => go({ date: shiftDate(view, date, by) })}
          />
        ) : (
          <FullCalendarView
            view={view}
            date={date}
            timeZone={timeZone}
            events={events}
            selectable={mayBook(access)}
            onRange={({ start, end, title: shownTitle }) => {
              // A day's title and range come from useTeamDay, one member's or the team's.
              if (view !== 'day') showRange(shownTitle, visibleRange(start, end, timeZone))
            }}
            onCreate={openCreate}
            onOpen={(appointment) => go({ appointmentId: appointment.id, creating: false })}
            onBusy={sayBusy}
            checkMove={moves.checkMove}
            onRefused={moves.refuseMove}
            onMove={moves.requestMove}
          />
        )}
      </div>
      {location.appointmentId ? (
        <AppointmentDialog
          appointmentId={location.appointmentId}
          appointment={known}
          isOpen
          onClose={() => go({ appointmentId: null }, true)}
          onChanged={changed}
          onLoaded={(appointment) => {
            // Opened from a bare link (a clash, the dashboard): show its day behind the dialog.
            if (!location.date) {
              go({ date: toWallClock(appointment.starts_at, timeZone).slice(0, 10) }, true)
            }
          }}
        />
      ) : null}
      <AppointmentFormDialog
        isOpen={location.creating && !location.appointmentId && !restoring}
        initial={
          createAt.startsAt || createAt.date
            ? createAt
            : bookingAgain
              ? {
                  startsAt: again.startsAt,
                  teamMemberId: again.teamMemberId,
                  customerId: again.customerId,
                  serviceId: again.serviceId,
                }
              : headerPrefill
        }
        onClose={() => {
          setCreateAt({})
          go({ creating: false }, true)
        }}
        onBooked={changed}
      />
      {moves.element}
    </div>
  )
}
