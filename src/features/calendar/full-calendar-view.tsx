import './full-calendar.css'
import type {
  DateSelectArg,
  DatesSetArg,
  EventClickArg,
  EventContentArg,
  EventDropArg,
  EventInput,
  EventMountArg,
} from '@fullcalendar/core'
import dayGridPlugin from '@fullcalendar/daygrid'
import type { EventResizeDoneArg } from '@fullcalendar/interaction'
import interactionPlugin from '@fullcalendar/interaction'
import luxon3Plugin from '@fullcalendar/luxon3'
import FullCalendar from '@fullcalendar/react'
import timeGridPlugin from '@fullcalendar/timegrid'
import { useEffect, useRef } from 'react'
import type { Appointment } from '../../api/appointments'
import type { MoveRequest } from '../../domain/appointment-move'
import { type CalendarViewName, FULLCALENDAR_VIEWS } from '../../domain/calendar-search-params'
import { blockDetail, serviceLines } from '../../domain/team-day-layout'
import { AppointmentFlags } from './appointment-flags'
import type { AppointmentEventProps, BusyEventProps, ScheduleEventProps } from './calendar-events'

const PLUGINS = [luxon3Plugin, dayGridPlugin, timeGridPlugin, interactionPlugin]
const CLOCK = { hour: '2-digit', minute: '2-digit', hour12: false } as const

/**
 * Where the user asked for a new appointment: an instant (time grid; in the team day view also
 * the member whose column it was) or a day (month).
 */
export type NewAppointmentAt = { startsAt: string; teamMemberId?: string } | { date: string }

function isAppointmentProps(props: unknown): props is AppointmentEventProps {
  return (
    typeof props === 'object' && props !== null && 'kind' in props && props.kind === 'appointment'
  )
}

function isScheduleProps(props: unknown): props is ScheduleEventProps {
  return (
    typeof props === 'object' &&
    props !== null &&
    'kind' in props &&
    (props.kind === 'offHours' || props.kind === 'timeOff')
  )
}

function isBusyProps(props: unknown): props is BusyEventProps {
  return typeof props === 'object' && props !== null && 'kind' in props && props.kind === 'busy'
}

function EventBody({ arg }: { arg: EventContentArg }) {
  const props = arg.event.extendedProps
  if (isBusyProps(props)) {
    return (
      <span className="p-cal-busy__body" title={props.label}>
        <span className="p-visually-hidden">{props.label}</span>
        <span aria-hidden="true">{arg.event.title}</span>
      </span>
    )
  }
  if (isScheduleProps(props)) {
    return props.kind === 'timeOff' ? (
      <span className="p-cal-time-off__label" title={props.label}>
        {props.label}
      </span>
    ) : null
  }
  if (!isAppointmentProps(props)) return null
  const { appointment } = props
  const { start, end } = arg.event
  // The time grid shows what the block's length has room for, as the team day view does; a
  // month cell has one line, whatever the length.
  const timed = arg.view.type.startsWith('timeGrid')
  const minutes = start && end ? (end.getTime() - start.getTime()) / 60_000 : 0
  const detail = timed ? blockDetail(minutes) : 'full'
  // Rendered on every change (unlike eventDidMount), so the name follows a moved appointment.
  return (
    <span
      className="p-cal-event__body"
      data-detail={detail}
      style={{ ['--p-cal-service-lines' as string]: serviceLines(minutes) }}
      title={timed ? undefined : props.label}
    >
      <span className="p-visually-hidden">{props.label}</span>
      <span className="p-cal-event__lines" aria-hidden="true">
        <span className="p-cal-event__customer">{appointment.customer_name}</span>
        {detail === 'client' ? null : <span className="p-cal-event__time">{arg.timeText}</span>}
        {detail === 'full' ? (
          <>
            <span className="p-cal-event__service">{appointment.service_name}</span>
            <span className="p-cal-event__member">{appointment.team_member_name}</span>
          </>
        ) : null}
        <AppointmentFlags appointment={appointment} />
      </span>
      {/* The whole sentence beside the block on hover and keyboard focus, as in the day view. */}
      {timed ? (
        <span className="p-cal-details p-cal-event__details" aria-hidden="true">
          {props.label}
        </span>
      ) : null}
    </span>
  )
}

/**
 * FullCalendar (MIT plugins: time grid, day grid, interaction; Luxon for the named zone), as a
 * controlled view: the screen decides view and date (from the address), this shows them and
 * reports what the user does. Events are focusable and open with Enter; only events marked
 * `startEditable` can be dragged (and resized): `checkMove` refuses a drop where it lands,
 * `onRefused` hears why, and a move that does not happen is put back by `onMove` calling `revert`.
 */
export function FullCalendarView({
  view,
  date,
  timeZone,
  events,
  selectable,
  onRange,
  onCreate,
  onOpen,
  onBusy,
  checkMove,
  onRefused,
  onMove,
}: {
  view: CalendarViewName
  date: string
  timeZone: string
  events: EventInput[]
  selectable: boolean
  /** The shown range changed: [start, end) and the view's title ("23 – 29 Nov 2026"). */
  onRange: (range: { start: string; end: string; title: string }) => void
  onCreate: (at: NewAppointmentAt) => void
  onOpen: (appointment: Appointment) => void
  /** A busy block was clicked: say the member is busy rather than book over it. */
  onBusy: (label: string) => void
  /** Why a drop here would be refused, or null (asked while dragging and resizing). */
  checkMove: (request: MoveRequest) => string | null
  onRefused: (reason: string) => void
  onMove: (request: MoveRequest, revert: () => void) => void
}) {
  const calendar = useRef<FullCalendar>(null)
  // The reason the last place dragged over was refused: said once the drag ends there.
  const refusal = useRef<string | null>(null)
  const dropped = (arg: EventDropArg | EventResizeDoneArg) => {
    const props = arg.event.extendedProps
    const { start, end } = arg.event
    if (!isAppointmentProps(props) || !start || !end) return arg.revert()
    onMove(moveOf(props.appointment, start, end), arg.revert)
  }

  // The address leads: Back, a pasted link or the toolbar change view/date, FullCalendar follows.
  useEffect(() => {
    const api = calendar.current?.getApi()
    if (!api) return
    const type = FULLCALENDAR_VIEWS[view]
    if (api.view.type !== type) api.changeView(type, date)
    else api.gotoDate(date)
  }, [view, date])

  // The drag ended where it was refused (a drop that landed clears the reason first).
  const sayRefusal = () => {
    const reason = refusal.current
    refusal.current = null
    if (reason) onRefused(reason)
  }

  return (
    <FullCalendar
      ref={calendar}
      plugins={PLUGINS}
      timeZone={timeZone}
      initialView={FULLCALENDAR_VIEWS[view]}
      initialDate={date}
      headerToolbar={false}
      height="100%"
      firstDay={1}
      allDaySlot={false}
      nowIndicator
      navLinks={false}
      slotDuration="00:30:00"
      snapDuration="00:15:00"
      scrollTime="08:00:00"
      scrollTimeReset={false}
      slotLabelFormat={CLOCK}
      eventTimeFormat={CLOCK}
      dayMaxEvents
      // Month cells draw appointments as coloured blocks, like the time grid, not as dots.
      eventDisplay="block"
      expandRows
      eventInteractive
      selectable={selectable}
      selectMirror
      unselectAuto
      editable={false}
      events={events}
      datesSet={(arg: DatesSetArg) =>
        onRange({ start: arg.startStr, end: arg.endStr, title: arg.view.title })
      }
      select={(arg: DateSelectArg) => {
        arg.view.calendar.unselect()
        onCreate(arg.allDay ? { date: arg.startStr.slice(0, 10) } : { startsAt: arg.startStr })
      }}
      eventClick={(arg: EventClickArg) => {
        arg.jsEvent.preventDefault()
        const props = arg.event.extendedProps
        if (isAppointmentProps(props)) onOpen(props.appointment)
        else if (isBusyProps(props)) onBusy(props.label)
      }}
      // A dragged selection over a busy block would book over it: the block's click says why.
      selectOverlap={(event) => !isBusyProps(event.extendedProps)}
      eventAllow={(span, event) => {
        const props = event?.extendedProps
        if (!isAppointmentProps(props)) return false
        // A month cell is a whole day: the time stays, so the server alone judges the move.
        if (span.allDay) return true
        refusal.current = checkMove(moveOf(props.appointment, span.start, span.end))
        return refusal.current === null
      }}
      eventDragStart={() => {
        refusal.current = null
      }}
      eventResizeStart={() => {
        refusal.current = null
      }}
      eventDragStop={() => sayRefusal()}
      eventResizeStop={() => sayRefusal()}
      eventDrop={dropped}
      eventResize={dropped}
      eventContent={(arg: EventContentArg) => <EventBody arg={arg} />}
      eventDidMount={(arg: EventMountArg) => {
        // FullCalendar's focusable <a> has no href, hence no role; it acts as a button (Enter
        // opens it), and as one it is named by its content: the sentence EventBody renders.
        const props = arg.event.extendedProps
        if (isAppointmentProps(props) || isBusyProps(props)) arg.el.setAttribute('role', 'button')
      }}
    />
  )
}

/** A drop in these views keeps the member: week and month show one column per day. */
function moveOf(appointment: Appointment, start: Date, end: Date): MoveRequest {
  return {
    appointmentId: appointment.id,
    startsAt: start.toISOString(),
    endsAt: end.toISOString(),
    teamMemberId: appointment.team_member_id,
  }
}
