/**
 * What a finger on the team day view means, pure so the rules are tested apart from the DOM:
 * a press on a block becomes a drag (the mouse at once, a finger only after a long press, so a
 * normal swipe still scrolls), and a quick sideways swipe on the grid changes the day once the
 * columns have nothing more to scroll that way (so it never fights their sideways scroll).
 */

/** How long a finger rests on a block before it picks the block up (as calendars on phones do). */
export const LONG_PRESS_MS = 450
/** How far a finger may wander while pressing and still be pressing (not starting a scroll). */
export const TOUCH_SLOP_PX = 10
/** How far a mouse travels before a press becomes a drag (a shorter one is a click). */
export const MOUSE_DRAG_PX = 4

/** What a press has become so far: still a press, a drag of the block, or the page's scroll. */
export type PressOutcome = 'pressing' | 'dragging' | 'scrolling'

/**
 * A press on a block after `heldMs` with the pointer `distancePx` from where it went down. A
 * mouse drags as soon as it moves; a finger that moves first is scrolling, one that rests for a
 * long press picks the block up.
 */
export function pressOutcome(press: {
  pointer: 'mouse' | 'touch'
  heldMs: number
  distancePx: number
}): PressOutcome {
  if (press.pointer === 'mouse') return press.distancePx >= MOUSE_DRAG_PX ? 'dragging' : 'pressing'
  if (press.distancePx >= TOUCH_SLOP_PX) return 'scrolling'
  return press.heldMs >= LONG_PRESS_MS ? 'dragging' : 'pressing'
}

/** The shortest sideways travel that counts as a swipe to another day. */
export const SWIPE_MIN_PX = 60
/** A swipe is a flick, not a slow pan. */
export const SWIPE_MAX_MS = 800

/** The columns' sideways scroll: where it is and how far it can go. */
export interface SidewaysScroll {
  left: number
  max: number
}

/**
 * The day a finished swipe goes to, -1 (the day before: the finger moved right) or 1 (the day
 * after), or 0. Only a quick, mostly sideways swipe counts, and only when the columns were
 * already at their end in that direction when it began and did not scroll during it.
 */
export function swipeDayStep(swipe: {
  dx: number
  dy: number
  ms: number
  before: SidewaysScroll
  after: SidewaysScroll
}): -1 | 0 | 1 {
  const { dx, dy, ms, before, after } = swipe
  if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < 2 * Math.abs(dy) || ms > SWIPE_MAX_MS) return 0
  // A pixel of slack: scroll positions on zoomed or high-density screens are fractional.
  if (Math.abs(after.left - before.left) > 1) return 0
  if (dx > 0) return before.left <= 1 ? -1 : 0
  return before.left >= before.max - 1 ? 1 : 0
}
