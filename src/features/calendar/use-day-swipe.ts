import { type RefObject, type TouchEvent, useRef } from 'react'
import { type SidewaysScroll, swipeDayStep } from '../../domain/touch-gestures'

interface SwipeStart {
  x: number
  y: number
  at: number
  scroll: SidewaysScroll
}

function sidewaysScroll(element: HTMLElement): SidewaysScroll {
  return { left: element.scrollLeft, max: element.scrollWidth - element.clientWidth }
}

/**
 * A sideways swipe on the team day view's empty grid goes to the day before or after, once its
 * columns have nothing more to scroll that way (`swipeDayStep`). Touch events rather than
 * pointer events: the browser's own scroll cancels a pointer, while a touch always ends, so the
 * swipe is measured whether or not the columns scrolled. A swipe that starts on a block is left
 * to the block (a long press moves it).
 */
export function useDaySwipe(
  scroller: RefObject<HTMLElement | null>,
  onSwipeDay: ((by: -1 | 1) => void) | undefined,
) {
  const start = useRef<SwipeStart | null>(null)

  const onTouchStart = (event: TouchEvent) => {
    const touch = event.touches[0]
    const element = scroller.current
    const onBlock = (event.target as Element).closest('.p-team-block')
    start.current =
      touch && element && event.touches.length === 1 && !onBlock
        ? {
            x: touch.clientX,
            y: touch.clientY,
            at: event.timeStamp,
            scroll: sidewaysScroll(element),
          }
        : null
  }

  const onTouchEnd = (event: TouchEvent) => {
    const began = start.current
    start.current = null
    const touch = event.changedTouches[0]
    const element = scroller.current
    if (!began || !touch || !element || !onSwipeDay) return
    const by = swipeDayStep({
      dx: touch.clientX - began.x,
      dy: touch.clientY - began.y,
      ms: event.timeStamp - began.at,
      before: began.scroll,
      after: sidewaysScroll(element),
    })
    if (by !== 0) onSwipeDay(by)
  }

  const onTouchCancel = () => {
    start.current = null
  }

  return onSwipeDay ? { onTouchStart, onTouchEnd, onTouchCancel } : {}
}
