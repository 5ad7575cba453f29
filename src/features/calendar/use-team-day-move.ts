import {
  type KeyboardEvent,
  type PointerEvent,
  type RefObject,
  useEffect,
  useRef,
  useState,
} from 'react'
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
import { LONG_PRESS_MS, type PressOutcome, pressOutcome } from '../../domain/touch-gestures'

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
 * Moving and resizing a block in the team day view, by mouse, finger (after a long press) or
 * keyboard: a draft follows the pointer (15-minute snap, the column under it) or the arrow
 * keys; every step is announced with the place it would land ("14:15 with Priya") or the reason
 * it cannot; a drop where `checkMove` gives a reason is refused there, and a valid one is handed
 * to `onMove`.
 */
export function useTeamDayMove(options: Options) {
  const [draft, setDraft] = useState<MoveDraft | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const origin = useRef<MoveDraft | null>(null)
  // A drag ends with a click on the block; that click must not open the appointment.
  const dragged = useRef(false)
  // A finger holds a picked-up block: the grid must not scroll under it.
  const holding = useRef(false)
  const latest = useRef(options)
  latest.current = options

  // Touch-action is fixed when a finger lands, and a block must still scroll on a swipe, so a
  // held block stops the scroll by cancelling the finger's moves (a listener that may cancel
  // has to be in place before the finger lands) and the long press's context menu.
  useEffect(() => {
    const element = options.grid.current
    if (!element) return
    const guard = (event: Event) => {
      if (holding.current) event.preventDefault()
    }
    element.addEventListener('touchmove', guard, { passive: false })
    element.addEventListener('contextmenu', guard)
    return () => {
      element.removeEventListener('touchmove', guard)
      element.removeEventListener('contextmenu', guard)
    }
  }, [options.grid])

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

  /**
   * A press on a block's body (move) or bottom edge (resize). A mouse drags once it moves; a
   * finger first has to rest for a long press (a swipe that starts on a block still scrolls),
   * and from then on the grid does not scroll under it (`holding`, read by the touch guard).
   */
  const pointerDown =
    (start: MoveDraft) => (event: PointerEvent<HTMLElement>, mode: 'move' | 'resize') => {
      if (event.button !== 0 || draft) return
      dragged.current = false
      const pointer = event.pointerType === 'mouse' ? 'mouse' : 'touch'
      const pointerId = event.pointerId
      const pressX = event.clientX
      const pressY = event.clientY
      const pressedAt = performance.now()
      let outcome: PressOutcome = 'pressing'
      let current = start
      let shown = false
      const pickUp = () => {
        outcome = 'dragging'
        origin.current = start
        holding.current = pointer === 'touch'
      }
      // A finger resting long enough picks the block up where it is: the ghost and the
      // announcement say so before it moves.
      const heldLongEnough =
        pointer === 'touch'
          ? setTimeout(() => {
              pickUp()
              shown = true
              step(start)
            }, LONG_PRESS_MS)
          : undefined
      const follow = (moveEvent: globalThis.PointerEvent) => {
        if (moveEvent.pointerId !== pointerId) return
        if (outcome === 'pressing') {
          const next = pressOutcome({
            pointer,
            heldMs: performance.now() - pressedAt,
            distancePx: Math.hypot(moveEvent.clientX - pressX, moveEvent.clientY - pressY),
          })
          if (next === 'scrolling') return end()
          if (next === 'pressing') return
          pickUp()
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
        if (keyEvent.key === 'Escape' && outcome === 'dragging') {
          end()
          cancel()
        }
      }
      const release = (upEvent: globalThis.PointerEvent) => {
        if (upEvent.pointerId !== pointerId) return
        const wasDragging = outcome === 'dragging'
        end()
        if (!wasDragging) return
        dragged.current = true
        drop(current)
      }
      // The browser took the pointer away (a scroll, a system gesture): nothing was dropped.
      const taken = (cancelEvent: globalThis.PointerEvent) => {
        if (cancelEvent.pointerId !== pointerId) return
        const wasDragging = outcome === 'dragging'
        end()
        if (wasDragging) cancel()
      }
      const end = () => {
        clearTimeout(heldLongEnough)
        holding.current = false
        window.removeEventListener('pointermove', follow)
        window.removeEventListener('pointerup', release)
        window.removeEventListener('pointercancel', taken)
        window.removeEventListener('keydown', escapeCancels)
      }
      window.addEventListener('pointermove', follow)
      window.addEventListener('pointerup', release)
      window.addEventListener('pointercancel', taken)
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
