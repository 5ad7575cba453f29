import './team-day.css'
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { Appointment, Schedule } from '../../api/appointments'
import { readableTextColor } from '../../components/appointments/appointment-format'
import type { MoveRequest } from '../../domain/appointment-move'
import { todayIn } from '../../domain/appointment-time'
import { type BusyBlock, busyBlockLabel, busyBlockTitle } from '../../domain/busy-blocks'
import { initialsOf } from '../../domain/member-look'
import {
  clockOfMinute,
  memberOffTime,
  minuteOfDay,
  spanOfDay,
  visibleMinutes,
} from '../../domain/team-day-layout'
import { TeamDayColumn } from './team-day-column'
import { useDaySwipe } from './use-day-swipe'
import { PICK_UP_HINT, useTeamDayMove } from './use-team-day-move'

/** A shown column's member: who, and the colour that marks them. */
export interface TeamColumnMember {
  id: string
  name: string
  color: string
}

/** Where the user asked for a new appointment in a member's column. */
export interface NewAppointmentInColumn {
  startsAt: string
  teamMemberId: string
}

function nowMinuteOn(date: string, timeZone: string): number | null {
  return todayIn(timeZone) === date ? minuteOfDay(Date.now(), date, timeZone) : null
}

/** The minute of "now" on the shown day, or null on another day; follows the clock. */
function useNowMinute(date: string, timeZone: string): number | null {
  const [minute, setMinute] = useState(() => nowMinuteOn(date, timeZone))
  useEffect(() => {
    setMinute(nowMinuteOn(date, timeZone))
    const timer = setInterval(() => setMinute(nowMinuteOn(date, timeZone)), 60_000)
    return () => clearInterval(timer)
  }, [date, timeZone])
  return minute
}

/**
 * The day view with a column per team member (built here rather than with a library: see
 * docs/design/team-calendar.md): each column shades its member's own time off, breaks and time
 * outside hours, places their appointments side by side where they overlap, books where it is
 * clicked, and lets a block be dragged, resized or moved by keyboard. Times are the business's
 * wall clock. The member headers and the time axis stay in view while the grid scrolls.
 */
export function TeamDayView({
  date,
  timeZone,
  members,
  schedule,
  busy,
  appointments,
  labelOf,
  isMovable,
  selectable,
  checkMove,
  onCreate,
  onOpen,
  onBusy,
  onMove,
  onSwipeDay,
}: {
  date: string
  timeZone: string
  members: readonly TeamColumnMember[]
  schedule: Schedule | null
  /** The shown members' busy times in their own calendars. */
  busy: readonly BusyBlock[]
  appointments: readonly Appointment[]
  labelOf: (appointment: Appointment) => string
  isMovable: (appointment: Appointment) => boolean
  selectable: boolean
  checkMove: (request: MoveRequest) => string | null
  onCreate: (at: NewAppointmentInColumn) => void
  onOpen: (appointment: Appointment) => void
  onBusy: (label: string) => void
  onMove: (request: MoveRequest) => void
  /** A sideways swipe past the columns' end asked for the day before (-1) or after (1). */
  onSwipeDay?: (by: -1 | 1) => void
}) {
  const scroller = useRef<HTMLDivElement>(null)
  const grid = useRef<HTMLDivElement>(null)
  const hintId = useId()

  const columns = useMemo(
    () =>
      members.map((member) => {
        const own = schedule?.members.find((entry) => entry.team_member_id === member.id)
        const spans = (periods: { starts_at: string; ends_at: string }[]) =>
          periods.flatMap((period) => spanOfDay(period, date, timeZone) ?? [])
        const working = spans(own?.working_periods ?? [])
        const breaks = spans(own?.breaks ?? [])
        const timeOff = (own?.time_off ?? []).flatMap((off) => {
          const span = spanOfDay(off, date, timeZone)
          return span ? [{ ...span, reason: off.reason }] : []
        })
        const booked = appointments
          .filter((appointment) => appointment.team_member_id === member.id)
          .flatMap((appointment) => {
            const span = spanOfDay(appointment, date, timeZone)
            return span ? [{ appointment, span }] : []
          })
        const busyHere = busy
          .filter((block) => block.team_member_id === member.id)
          .flatMap((block) => {
            const span = spanOfDay(block, date, timeZone)
            return span
              ? [
                  {
                    span,
                    title: busyBlockTitle(block),
                    label: busyBlockLabel(block, member.name, timeZone),
                  },
                ]
              : []
          })
        return {
          member,
          working,
          offTime: own ? memberOffTime(working, breaks, timeOff) : [],
          busy: busyHere,
          booked,
        }
      }),
    [members, schedule, busy, appointments, date, timeZone],
  )
  const shown = useMemo(
    () =>
      visibleMinutes(
        columns.flatMap((column) => [
          ...column.working,
          ...column.booked.map((entry) => entry.span),
        ]),
      ),
    [columns],
  )
  const starts = columns.flatMap((column) => column.working.map((span) => span.start))
  const workStart = starts.length > 0 ? Math.min(...starts) : shown.start

  // The way the last swipe went: the next day opens on its first columns, the day before on
  // its last, as if the columns of the days ran on side by side.
  const swiped = useRef<-1 | 1 | null>(null)
  const swipe = useDaySwipe(
    scroller,
    onSwipeDay &&
      ((by) => {
        swiped.current = by
        onSwipeDay(by)
      }),
  )

  // Open on the working day's start (half an hour above it), and again on another day.
  // biome-ignore lint/correctness/useExhaustiveDependencies: another day scrolls again, even with the same hours
  useLayoutEffect(() => {
    const element = scroller.current
    const body = grid.current?.querySelector('[data-team-column]')
    if (!element || !body) return
    const perMinute = body.getBoundingClientRect().height / (shown.end - shown.start)
    element.scrollTop = Math.max(0, (workStart - 30 - shown.start) * perMinute)
    if (swiped.current !== null) {
      element.scrollLeft = swiped.current === 1 ? 0 : element.scrollWidth
      swiped.current = null
    }
  }, [date, shown.start, shown.end, workStart])

  const move = useTeamDayMove({
    date,
    timeZone,
    members,
    firstMinute: shown.start,
    grid,
    checkMove,
    onMove,
  })
  const nowMinute = useNowMinute(date, timeZone)
  const [createMinute, setCreateMinute] = useState<number | null>(null)
  const hours: number[] = []
  for (let minute = shown.start; minute < shown.end; minute += 60) hours.push(minute)

  return (
    <div className="p-team-day" ref={scroller} {...swipe}>
      <div
        className="p-team-day__grid"
        ref={grid}
        style={{
          ['--p-team-columns' as string]: members.length,
          ['--p-team-minutes' as string]: shown.end - shown.start,
        }}
      >
        <div className="p-team-day__corner" />
        {members.map((member) => (
          <div
            key={member.id}
            className="p-team-day__head"
            style={{ borderTopColor: member.color }}
          >
            <span
              className="p-team-day__avatar"
              style={{ background: member.color, color: readableTextColor(member.color) }}
              aria-hidden="true"
            >
              {initialsOf(member.name)}
            </span>
            <span className="p-team-day__name">{member.name}</span>
          </div>
        ))}
        <div className="p-team-day__axis" aria-hidden="true">
          {hours.map((minute) => (
            <span
              key={minute}
              className="p-team-day__hour"
              style={{ ['--p-team-top' as string]: minute - shown.start }}
            >
              {clockOfMinute(minute)}
            </span>
          ))}
        </div>
        {columns.map((column, index) => (
          <TeamDayColumn
            key={column.member.id}
            member={column.member}
            index={index}
            date={date}
            timeZone={timeZone}
            shown={shown}
            offTime={column.offTime}
            busy={column.busy}
            booked={column.booked}
            labelOf={labelOf}
            isMovable={isMovable}
            selectable={selectable}
            nowMinute={nowMinute}
            createMinute={createMinute ?? workStart}
            onCreateMinute={setCreateMinute}
            hintId={hintId}
            move={move}
            onCreate={onCreate}
            onOpen={onOpen}
            onBusy={onBusy}
          />
        ))}
      </div>
      <p className="p-visually-hidden" id={hintId}>
        {PICK_UP_HINT}
      </p>
      <p className="p-visually-hidden" role="status" aria-live="assertive">
        {move.announcement}
      </p>
    </div>
  )
}
