import type { EventInput } from '@fullcalendar/core'
import { answerText } from '../../../shared/booking-questions'
import type { Appointment, Schedule } from '../../api/appointments'
import {
  appointmentStatusLabel,
  readableTextColor,
} from '../../components/appointments/appointment-format'
import { paymentSentence, shownPayment } from '../../components/appointments/payment-format'
import { type AppointmentAccess, mayChangeAppointment } from '../../domain/appointment-access'
import { toWallClock } from '../../domain/appointment-time'
import { type BusyBlock, busyBlockLabel, busyBlockTitle } from '../../domain/busy-blocks'
import type { VisibleRange } from '../../domain/calendar-range'
import { complementIntervals } from '../../domain/intervals'

/** Whether the appointment lets go of its time: cancelled, or a hold that was never paid. */
export function isFreed(appointment: Pick<Appointment, 'status'>): boolean {
  return appointment.status === 'cancelled' || appointment.status === 'payment_expired'
}

/**
 * What the calendar shows: cancelled appointments and holds that were never paid only when
 * asked for. A hold still awaiting payment takes its time, so it is shown (marked).
 */
export function shownAppointments(
  appointments: readonly Appointment[],
  showCancelled: boolean,
): Appointment[] {
  return showCancelled
    ? [...appointments]
    : appointments.filter((appointment) => !isFreed(appointment))
}

/** Only confirmed appointments the user may change can be dragged; the server still decides. */
export function isDraggable(
  appointment: Appointment,
  access: AppointmentAccess | null,
  now: number = Date.now(),
): boolean {
  return (
    access !== null &&
    appointment.status === 'confirmed' &&
    mayChangeAppointment(access, appointment) &&
    new Date(appointment.starts_at).getTime() > now
  )
}

export interface AppointmentEventProps {
  kind: 'appointment'
  appointment: Appointment
  /** "Alex Kim · Haircut · with Bob", for the event's accessible name. */
  label: string
}

/** How many answers a label names before "N more", and how long each may be. */
const ANSWERS_NAMED = 2
const ANSWER_CHARACTERS = 60

/**
 * "2 booking answers: Allergies: peanuts; Parking: yes", for the event's label: enough to
 * see at a glance that the visitor said something (the dialog shows it all). Line breaks
 * become spaces and a long answer is cut with an ellipsis. Null when nothing was asked.
 */
export function bookingAnswersSummary(answers: Appointment['booking_answers']): string | null {
  if (answers.length === 0) return null
  const named = answers.slice(0, ANSWERS_NAMED).map((answer) => {
    const text = answerText(answer).replace(/\s+/g, ' ').trim()
    const clipped =
      text.length > ANSWER_CHARACTERS ? `${text.slice(0, ANSWER_CHARACTERS - 1).trimEnd()}…` : text
    return `${answer.label}: ${clipped}`
  })
  const more = answers.length - named.length
  const count = answers.length === 1 ? '1 booking answer' : `${answers.length} booking answers`
  return `${count}: ${named.join('; ')}${more > 0 ? `; ${more} more` : ''}`
}

/** One sentence naming an appointment, for screen readers and tooltips. */
export function appointmentLabel(appointment: Appointment, timeZone: string): string {
  const clock = (instant: string) => toWallClock(instant, timeZone).slice(11)
  const parts = [
    `${clock(appointment.starts_at)}–${clock(appointment.ends_at)}`,
    appointment.customer_name,
    appointment.service_name,
    `with ${appointment.team_member_name}`,
  ]
  if (appointment.status !== 'confirmed') parts.push(appointmentStatusLabel(appointment.status))
  else if (appointment.checked_in_at) {
    parts.push(`arrived at ${toWallClock(appointment.checked_in_at, timeZone).slice(11)}`)
  }
  if (appointment.outside_working_hours) parts.push('outside working hours')
  const outside = appointment.calendar_change
  if (outside) parts.push(`${outside.kind} in ${outside.calendar_name}, waiting for a decision`)
  const payment = shownPayment(appointment)
  if (payment) parts.push(paymentSentence(payment))
  const answers = bookingAnswersSummary(appointment.booking_answers)
  if (answers) parts.push(answers)
  return parts.join(', ')
}

/**
 * An appointment as a FullCalendar event: the service colour as background with the text
 * colour that reads on it (contrast is computed, so it holds in both palettes); cancelled ones
 * (and holds never paid) are drawn hollow and struck through, closed ones (completed,
 * no-show) muted by class, and holds awaiting payment hatched, with their status in the label.
 */
export function appointmentEvent(
  appointment: Appointment,
  access: AppointmentAccess | null,
  timeZone: string,
): EventInput {
  const cancelled = isFreed(appointment)
  const props: AppointmentEventProps = {
    kind: 'appointment',
    appointment,
    label: appointmentLabel(appointment, timeZone),
  }
  return {
    id: appointment.id,
    start: appointment.starts_at,
    end: appointment.ends_at,
    title: `${appointment.customer_name} · ${appointment.service_name}`,
    backgroundColor: cancelled ? 'transparent' : appointment.service_color,
    borderColor: appointment.service_color,
    textColor: cancelled ? undefined : readableTextColor(appointment.service_color),
    classNames: [
      'p-cal-event',
      `p-cal-event--${appointment.status.replace('_', '-')}`,
      ...(cancelled ? ['p-cal-event--cancelled'] : []),
    ],
    // What may be dragged may be resized: the move's confirmation covers both.
    startEditable: isDraggable(appointment, access),
    durationEditable: isDraggable(appointment, access),
    extendedProps: props,
  }
}

export interface ScheduleEventProps {
  kind: 'offHours' | 'timeOff'
  label: string
}

/**
 * Shading for the time grid: the time nobody shown works (outside hours, breaks, time off) as
 * one background, and each member's time off marked with its reason. `withOffHours` is false in
 * the month view, where a day cell cannot show part of a day.
 */
export function scheduleEvents(
  schedule: Schedule,
  range: Pick<VisibleRange, 'from' | 'to'>,
  options: { withOffHours: boolean; withNames: boolean },
): EventInput[] {
  const events: EventInput[] = []
  if (options.withOffHours) {
    const working = schedule.members.flatMap((member) =>
      member.working_periods.map((period) => ({
        start: new Date(period.starts_at).getTime(),
        end: new Date(period.ends_at).getTime(),
      })),
    )
    const from = new Date(range.from).getTime()
    const to = new Date(range.to).getTime()
    for (const gap of complementIntervals(working, from, to)) {
      const props: ScheduleEventProps = { kind: 'offHours', label: 'Outside working hours' }
      events.push({
        id: `off-${gap.start}`,
        start: new Date(gap.start).toISOString(),
        end: new Date(gap.end).toISOString(),
        display: 'background',
        classNames: ['p-cal-off-hours'],
        extendedProps: props,
      })
    }
  }
  for (const member of schedule.members) {
    for (const timeOff of member.time_off) {
      const reason = timeOff.reason.trim() || 'Time off'
      const label = options.withNames ? `${member.name}: ${reason}` : reason
      const props: ScheduleEventProps = { kind: 'timeOff', label }
      events.push({
        id: `time-off-${member.team_member_id}-${timeOff.starts_at}`,
        start: timeOff.starts_at,
        end: timeOff.ends_at,
        title: label,
        display: 'background',
        classNames: ['p-cal-time-off'],
        extendedProps: props,
      })
    }
  }
  return events
}

/** The schedule's busy blocks of every member, each marked with whose it is. */
export function busyBlocksOf(schedule: Schedule | null): BusyBlock[] {
  return (schedule?.members ?? []).flatMap((member) =>
    member.busy_blocks.map((block) => ({ team_member_id: member.team_member_id, ...block })),
  )
}

export interface BusyEventProps {
  kind: 'busy'
  label: string
}

/**
 * Members' busy times from their own calendars as FullCalendar events of their own: drawn
 * hatched in the info tone (apart from appointments, breaks and time off), never editable, and
 * focusable, so a click or Enter says the member is busy rather than opening a booking there.
 * With several members shown, each says whose it is.
 */
export function busyEvents(
  blocks: readonly BusyBlock[],
  options: { timeZone: string; nameOf: (teamMemberId: string) => string; withNames: boolean },
): EventInput[] {
  return blocks.map((block) => {
    const name = options.nameOf(block.team_member_id)
    const title = busyBlockTitle(block)
    const props: BusyEventProps = {
      kind: 'busy',
      label: busyBlockLabel(block, name, options.timeZone),
    }
    return {
      id: `busy-${block.team_member_id}-${block.starts_at}-${block.ends_at}`,
      start: block.starts_at,
      end: block.ends_at,
      title: options.withNames ? `${name}: ${title}` : title,
      classNames: ['p-cal-busy', 'p-busy-block'],
      editable: false,
      startEditable: false,
      durationEditable: false,
      extendedProps: props,
    }
  })
}
