import { type KeyboardEvent, type PointerEvent, type RefObject, useRef, useState } from 'react'
import type { MoveRequest } from '../../domain/appointment-move'
import {
  draftRequest,
  isUnmoved,
  keyboardStep,
  type MoveDraft,
  resizeDraft,
  shiftDraft,
} from '../../domain/team-day-drag'
import { clockOfMinute, SLOT_MINUTES } from '../../domain/team-day-layout'

/** How far a pointer travels before a press becomes a drag (a shorter one is a click). */
const DRAG_THRESHOLD_PX = 4

export const PICK_UP_HINT =
  'Press M to move it: arrow keys move by 15 minutes or to the next column, Shift with Up or Down changes its length, Enter drops it, Escape puts it back.'

interface Options {
  date: string
  timeZone: string
  members: readonly { id: string; name: string }[]
  /** The first minute the grid shows (its top). */
  firstMinute: number
  /** The columns' bodies, in order, each marked `data-team-column`. */
  grid: RefObject<HTMLElement | null>
  checkMove: (request: MoveRequest) => string | null
  onMove: (request: MoveRequest) => void
}

/**
 * Moving and resizing a block in the team day view, by pointer or keyboard: a draft follows the
 * pointer (15-minute snap, the column under it) or the arrow keys; every step is announced with
 * the place it would land ("14:15 with Priya") or the reason it cannot; a drop where
 * `checkMove` gives a reason is refused there, and a valid one is handed to `onMove`.
 */
export function useTeamDayMove(options: Options) {
  const [draft, setDraft] = useState<MoveDraft | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const origin = useRef<MoveDraft | null>(null)
  // A drag ends with a click on the block; that click must not open the appointment.
  const dragged = useRef(false)
  const latest = useRef(options)
  latest.current = options

  const request = (next: MoveDraft) => {
    const { date, timeZone, members } = latest.current
    return draftRequest(next, { date, timeZone, memberIds: members.map((member) => member.id) })
  }
  const reasonFor = (next: MoveDraft) => latest.current.checkMove(request(next))
  const placeText = (next: MoveDraft) => {
    const name = latest.current.members[next.column]?.name ?? ''
    const where = `${clockOfMinute(next.start)}–${clockOfMinute(next.end % 1440)} with ${name}`
    const reason = reasonFor(next)
    return reason ? `${where}: ${reason}` : where
  }
  const step = (next: MoveDraft) => {
    setDraft(next)
    setAnnouncement(placeText(next))
  }
  const cancel = (message = 'Move cancelled.') => {
    origin.current = null
    setDraft(null)
    setAnnouncement(message)
  }
  const drop = (next: MoveDraft) => {
    const start = origin.current
    if (!start || isUnmoved(next, start)) return cancel()
    const reason = reasonFor(next)
    if (reason) return cancel(`Not moved: ${reason}`)
    origin.current = null
    setDraft(null)
    setAnnouncement(`Moving to ${placeText(next)}.`)
    latest.current.onMove(request(next))
  }

  /** The block's keys: M picks it up; then arrows, Shift+Up/Down, Enter and Escape. */
  const keyDown = (start: MoveDraft, customer: string) => (event: KeyboardEvent) => {
    const current = draft && draft.appointmentId === start.appointmentId ? draft : null
    if (!current) {
      if (event.key === 'm' || event.key === 'M') {
        event.preventDefault()
        origin.current = start
        setDraft(start)
        setAnnouncement(`Moving ${customer}: ${placeText(start)}. ${PICK_UP_HINT}`)
      }
      return
    }
    const next = keyboardStep(current, event.key, event.shiftKey, latest.current.members.length)
    if (next) {
      event.preventDefault()
      step(next)
    } else if (event.key === 'Enter') {
      event.preventDefault()
      drop(current)
    } else if (event.key === 'Escape') {
      event.preventDefault()
      event.stopPropagation()
      cancel()
    }
  }

  /** The column and minute offset under a pointer, from the columns' boxes. */
  const pointerPlace = (clientX: number, clientY: number, pressY: number) => {
    const columns = [...(latest.current.grid.current?.querySelectorAll('[data-team-column]') ?? [])]
    const boxes = columns.map((column) => column.getBoundingClientRect())
    const column = boxes.findIndex((box) => clientX >= box.left && clientX < box.right)
    const box = boxes[0]
    const minutes = Number(columns[0]?.getAttribute('data-minutes') ?? 0)
    const perMinute = box && minutes > 0 ? box.height / minutes : 1
    const slots = Math.round((clientY - pressY) / perMinute / SLOT_MINUTES)
    return { column, minutes: slots * SLOT_MINUTES }
  }

  /** A press on a block's body (move) or bottom edge (resize). */
  const pointerDown =
    (start: MoveDraft) => (event: PointerEvent<HTMLElement>, mode: 'move' | 'resize') => {
      if (event.button !== 0 || draft) return
      const pressX = event.clientX
      const pressY = event.clientY
      let dragging = false
      let current = start
      let shown = false
      const follow = (moveEvent: globalThis.PointerEvent) => {
        if (
          !dragging &&
          Math.hypot(moveEvent.clientX - pressX, moveEvent.clientY - pressY) < DRAG_THRESHOLD_PX
        ) {
          return
        }
        if (!dragging) {
          dragging = true
          origin.current = start
        }
        const place = pointerPlace(moveEvent.clientX, moveEvent.clientY, pressY)
        const next =
          mode === 'resize'
            ? resizeDraft(start, place.minutes)
            : shiftDraft(
                start,
                {
                  minutes: place.minutes,
                  columns: place.column === -1 ? 0 : place.column - start.column,
                },
                latest.current.members.length,
              )
        // Announce only a change of place, not every pixel the pointer moves.
        if (!shown || !isUnmoved(next, current)) {
          current = next
          shown = true
          step(next)
        }
      }
      const escapeCancels = (keyEvent: globalThis.KeyboardEvent) => {
        if (keyEvent.key === 'Escape' && dragging) {
          dragging = false
          end()
          cancel()
        }
      }
      const release = () => {
        end()
        if (!dragging) return
        dragged.current = true
        drop(current)
      }
      const end = () => {
        window.removeEventListener('pointermove', follow)
        window.removeEventListener('pointerup', release)
        window.removeEventListener('pointercancel', release)
        window.removeEventListener('keydown', escapeCancels)
      }
      window.addEventListener('pointermove', follow)
      window.addEventListener('pointerup', release)
      window.addEventListener('pointercancel', release)
      window.addEventListener('keydown', escapeCancels)
    }

  /** Whether a click is the tail of a drag (and so must not open the appointment). */
  const consumeDragClick = () => {
    const was = dragged.current
    dragged.current = false
    return was
  }

  const reason = draft ? reasonFor(draft) : null
  return { draft, reason, announcement, keyDown, pointerDown, consumeDragClick, cancel }
}
