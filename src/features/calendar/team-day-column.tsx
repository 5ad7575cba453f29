import type { MouseEvent } from 'react'
import type { Appointment } from '../../api/appointments'
import { instantOfMinute, type MoveDraft } from '../../domain/team-day-drag'
import {
  clockOfMinute,
  laneLayout,
  type MinuteSpan,
  type OffTime,
  SLOT_MINUTES,
  snapMinute,
} from '../../domain/team-day-layout'
import { AppointmentBlock } from './appointment-block'
import type { NewAppointmentInColumn, TeamColumnMember } from './team-day-view'
import type { useTeamDayMove } from './use-team-day-move'

/** A top and length in minutes, as the CSS of the column reads them. */
function place(span: MinuteSpan, firstMinute: number) {
  return {
    ['--p-team-top' as string]: span.start - firstMinute,
    ['--p-team-length' as string]: span.end - span.start,
  }
}

/** A member's busy time from their own calendar, placed on the shown day. */
export interface BusySpan {
  span: MinuteSpan
  title: string
  label: string
}

/**
 * One member's column in the team day view: their shaded time (with its reason written on
 * it), the busy times of their own calendars (a click says they are busy, never books there),
 * their appointments in lanes, the ghost of a block being moved here, the now line, and
 * two ways to book here: a click at a time, or the column's "New appointment" button, whose
 * time Up and Down change.
 */
export function TeamDayColumn({
  member,
  index,
  date,
  timeZone,
  shown,
  offTime,
  busy,
  booked,
  labelOf,
  isMovable,
  selectable,
  nowMinute,
  createMinute,
  onCreateMinute,
  hintId,
  move,
  onCreate,
  onOpen,
  onBusy,
}: {
  member: TeamColumnMember
  index: number
  date: string
  timeZone: string
  shown: MinuteSpan
  offTime: readonly OffTime[]
  busy: readonly BusySpan[]
  booked: readonly { appointment: Appointment; span: MinuteSpan }[]
  labelOf: (appointment: Appointment) => string
  isMovable: (appointment: Appointment) => boolean
  selectable: boolean
  nowMinute: number | null
  createMinute: number
  onCreateMinute: (minute: number) => void
  hintId: string
  move: ReturnType<typeof useTeamDayMove>
  onCreate: (at: NewAppointmentInColumn) => void
  onOpen: (appointment: Appointment) => void
  /** A busy block was clicked: say so rather than book over it. */
  onBusy: (label: string) => void
}) {
  const lanes = laneLayout(booked.map(({ appointment, span }) => ({ id: appointment.id, ...span })))
  const create = (minute: number) =>
    onCreate({ startsAt: instantOfMinute(date, minute, timeZone), teamMemberId: member.id })
  const clickedTime = (event: MouseEvent<HTMLDivElement>) => {
    // Only the column's own background books: a block or the button handle their clicks.
    const target = event.target as HTMLElement
    if (!selectable || target.closest('button')) return
    const box = event.currentTarget.getBoundingClientRect()
    const minute =
      shown.start + ((event.clientY - box.top) / box.height) * (shown.end - shown.start)
    create(snapMinute(minute))
  }
  const ghost: MoveDraft | null = move.draft?.column === index ? move.draft : null
  const createClock = clockOfMinute(createMinute)

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the column's "New appointment" button is the keyboard path
    // biome-ignore lint/a11y/noStaticElementInteractions: a click on the background books at that time; the button does it by keyboard
    <div
      className="p-team-col"
      data-team-column={member.id}
      data-minutes={shown.end - shown.start}
      onClick={clickedTime}
    >
      {offTime.map((off) =>
        off.end > shown.start && off.start < shown.end ? (
          <div
            key={`${off.kind}-${off.start}`}
            className={`p-team-col__off p-team-col__off--${off.kind}`}
            style={place(
              { start: Math.max(off.start, shown.start), end: Math.min(off.end, shown.end) },
              shown.start,
            )}
          >
            {off.kind === 'offHours' ? null : (
              <span className="p-team-col__off-label">
                {off.label} {clockOfMinute(off.start)}–{clockOfMinute(off.end % 1440)}
              </span>
            )}
          </div>
        ) : null,
      )}
      {busy.map((block) =>
        block.span.end > shown.start && block.span.start < shown.end ? (
          <button
            type="button"
            key={`busy-${block.span.start}-${block.span.end}-${block.title}`}
            className="p-team-col__busy p-busy-block"
            style={place(
              {
                start: Math.max(block.span.start, shown.start),
                end: Math.min(block.span.end, shown.end),
              },
              shown.start,
            )}
            aria-label={block.label}
            title={block.label}
            onClick={() => onBusy(block.label)}
          >
            <span className="p-team-col__busy-title" aria-hidden="true">
              {block.title}
            </span>
          </button>
        ) : null,
      )}
      {nowMinute !== null && nowMinute >= shown.start && nowMinute < shown.end ? (
        <div
          className="p-team-col__now"
          style={{ ['--p-team-top' as string]: nowMinute - shown.start }}
          aria-hidden="true"
        />
      ) : null}
      {selectable ? (
        <button
          type="button"
          className="p-team-col__create"
          style={place({ start: createMinute, end: createMinute + SLOT_MINUTES }, shown.start)}
          aria-label={`New appointment with ${member.name} at ${createClock}`}
          aria-keyshortcuts="ArrowUp ArrowDown"
          onKeyDown={(event) => {
            const by =
              event.key === 'ArrowUp' ? -SLOT_MINUTES : event.key === 'ArrowDown' ? SLOT_MINUTES : 0
            if (by === 0) return
            event.preventDefault()
            onCreateMinute(
              Math.min(Math.max(shown.start, createMinute + by), shown.end - SLOT_MINUTES),
            )
          }}
          onClick={() => create(createMinute)}
        >
          + {createClock}
        </button>
      ) : null}
      {booked.map(({ appointment, span }) => {
        const start: MoveDraft = { appointmentId: appointment.id, column: index, ...span }
        return (
          <AppointmentBlock
            key={appointment.id}
            appointment={appointment}
            label={labelOf(appointment)}
            span={span}
            place={lanes.get(appointment.id) ?? { lane: 0, lanes: 1 }}
            firstMinute={shown.start}
            movable={isMovable(appointment)}
            moving={move.draft?.appointmentId === appointment.id}
            hintId={hintId}
            onOpen={() => {
              if (!move.consumeDragClick() && !move.draft) onOpen(appointment)
            }}
            onKeyDown={
              isMovable(appointment) ? move.keyDown(start, appointment.customer_name) : () => {}
            }
            onPointerDown={move.pointerDown(start)}
          />
        )
      })}
      {ghost ? (
        <div
          className={
            move.reason ? 'p-team-col__ghost p-team-col__ghost--refused' : 'p-team-col__ghost'
          }
          style={place(ghost, shown.start)}
          aria-hidden="true"
        >
          <span className="p-team-col__ghost-time">
            {clockOfMinute(ghost.start)}–{clockOfMinute(ghost.end % 1440)}
          </span>
          {move.reason ? <span className="p-team-col__ghost-reason">{move.reason}</span> : null}
        </div>
      ) : null}
    </div>
  )
}
