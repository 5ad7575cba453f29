import type { KeyboardEvent, PointerEvent } from 'react'
import type { Appointment } from '../../api/appointments'
import { readableTextColor } from '../../components/appointments/appointment-format'
import {
  blockDetail,
  clockOfMinute,
  type LanePlacement,
  type MinuteSpan,
} from '../../domain/team-day-layout'
import { AppointmentFlags } from './appointment-flags'
import { isFreed } from './calendar-events'

/** Where a block sits in its column: minutes from the top of the shown hours, and its lane. */
export interface BlockPlace extends MinuteSpan, LanePlacement {}

/**
 * One appointment in the team day view: what its length has room for (the client; then the
 * time; then the service; flags where they fit), the whole label sentence as its accessible name and, on
 * hover or focus, as a card beside it. A block that may move is dragged by its body, resized by
 * its bottom edge, and picked up with M from the keyboard (`onKeyDown` is the view's).
 */
export function AppointmentBlock({
  appointment,
  label,
  span,
  place,
  firstMinute,
  movable,
  moving,
  hintId,
  onOpen,
  onKeyDown,
  onPointerDown,
}: {
  appointment: Appointment
  label: string
  /** Its minutes of the day. */
  span: MinuteSpan
  place: LanePlacement
  firstMinute: number
  movable: boolean
  /** Picked up (keyboard or pointer): drawn faded while its ghost shows where it goes. */
  moving: boolean
  hintId: string
  onOpen: () => void
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void
  onPointerDown: (event: PointerEvent<HTMLElement>, mode: 'move' | 'resize') => void
}) {
  const detail = blockDetail(span.end - span.start)
  const freed = isFreed(appointment)
  const classes = [
    'p-team-block',
    `p-cal-event--${appointment.status.replace('_', '-')}`,
    freed ? 'p-team-block--cancelled' : '',
    movable ? 'p-team-block--movable' : '',
    moving ? 'p-team-block--moving' : '',
  ]
  return (
    <div
      className="p-team-block__place"
      style={{
        ['--p-team-top' as string]: span.start - firstMinute,
        ['--p-team-length' as string]: span.end - span.start,
        ['--p-team-lane' as string]: place.lane,
        ['--p-team-lanes' as string]: place.lanes,
      }}
    >
      <button
        type="button"
        className={classes.filter(Boolean).join(' ')}
        data-detail={detail}
        data-appointment-id={appointment.id}
        style={{
          borderColor: appointment.service_color,
          background: freed ? undefined : appointment.service_color,
          color: freed ? undefined : readableTextColor(appointment.service_color),
        }}
        aria-label={label}
        aria-describedby={movable ? hintId : undefined}
        aria-keyshortcuts={movable ? 'M' : undefined}
        onClick={onOpen}
        onKeyDown={onKeyDown}
        onPointerDown={movable ? (event) => onPointerDown(event, 'move') : undefined}
      >
        <span className="p-team-block__customer" aria-hidden="true">
          {appointment.customer_name}
        </span>
        {detail !== 'client' ? (
          <span className="p-team-block__time" aria-hidden="true">
            {clockOfMinute(span.start)}–{clockOfMinute(span.end % (24 * 60))}
          </span>
        ) : null}
        {detail === 'full' ? (
          <span className="p-team-block__service" aria-hidden="true">
            {appointment.service_name}
          </span>
        ) : null}
        {/* Flags follow; the block's end hides those it has no room for. */}
        <span className="p-team-block__flags">
          <AppointmentFlags appointment={appointment} />
        </span>
        {movable ? (
          <span
            className="p-team-block__resize"
            aria-hidden="true"
            onPointerDown={(event) => {
              event.stopPropagation()
              onPointerDown(event, 'resize')
            }}
          />
        ) : null}
      </button>
      <span className="p-cal-details p-team-block__details" aria-hidden="true">
        {label}
      </span>
    </div>
  )
}
