import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  LONG_PRESS_MS,
  MOUSE_DRAG_PX,
  pressOutcome,
  SWIPE_MAX_MS,
  SWIPE_MIN_PX,
  swipeDayStep,
  TOUCH_SLOP_PX,
} from '../../../../src/domain/touch-gestures'

describe('a press on a block', () => {
  it('drags with a mouse as soon as it moves, whatever the time', () => {
    expect(pressOutcome({ pointer: 'mouse', heldMs: 0, distancePx: MOUSE_DRAG_PX })).toBe(
      'dragging',
    )
    expect(pressOutcome({ pointer: 'mouse', heldMs: 5000, distancePx: 1 })).toBe('pressing')
  })

  it('with a finger, scrolls when it moves first and picks the block up after a long press', () => {
    expect(pressOutcome({ pointer: 'touch', heldMs: 100, distancePx: 30 })).toBe('scrolling')
    expect(pressOutcome({ pointer: 'touch', heldMs: 100, distancePx: 3 })).toBe('pressing')
    expect(pressOutcome({ pointer: 'touch', heldMs: LONG_PRESS_MS - 1, distancePx: 0 })).toBe(
      'pressing',
    )
    expect(pressOutcome({ pointer: 'touch', heldMs: LONG_PRESS_MS, distancePx: 5 })).toBe(
      'dragging',
    )
  })

  it('never lets a finger drag before the long press, nor once it has wandered off', () => {
    fc.assert(
      fc.property(fc.nat(2000), fc.nat(200), (heldMs, distancePx) => {
        const outcome = pressOutcome({ pointer: 'touch', heldMs, distancePx })
        expect(outcome === 'dragging').toBe(heldMs >= LONG_PRESS_MS && distancePx < TOUCH_SLOP_PX)
      }),
    )
  })
})

describe('a swipe on the grid', () => {
  const atStart = { left: 0, max: 300 }
  const atEnd = { left: 300, max: 300 }
  const between = { left: 120, max: 300 }
  const noRoom = { left: 0, max: 0 }

  it('goes to the day before (finger moving right) or after, when the columns are at that end', () => {
    expect(swipeDayStep({ dx: 120, dy: 10, ms: 200, before: atStart, after: atStart })).toBe(-1)
    expect(swipeDayStep({ dx: -120, dy: 10, ms: 200, before: atEnd, after: atEnd })).toBe(1)
    expect(swipeDayStep({ dx: -120, dy: 0, ms: 200, before: noRoom, after: noRoom })).toBe(1)
    expect(swipeDayStep({ dx: 120, dy: 0, ms: 200, before: noRoom, after: noRoom })).toBe(-1)
  })

  it('leaves the columns their own sideways scroll', () => {
    expect(swipeDayStep({ dx: -120, dy: 0, ms: 200, before: atStart, after: atStart })).toBe(0)
    expect(swipeDayStep({ dx: 120, dy: 0, ms: 200, before: atEnd, after: atEnd })).toBe(0)
    expect(swipeDayStep({ dx: 120, dy: 0, ms: 200, before: between, after: between })).toBe(0)
    // Scrolled to the end during this very swipe: the next swipe changes the day, not this one.
    expect(swipeDayStep({ dx: -120, dy: 0, ms: 200, before: between, after: atEnd })).toBe(0)
  })

  it('ignores short, slow and mostly vertical moves', () => {
    const swipe = { dx: 120, dy: 0, ms: 200, before: atStart, after: atStart }
    expect(swipeDayStep({ ...swipe, dx: SWIPE_MIN_PX - 1 })).toBe(0)
    expect(swipeDayStep({ ...swipe, ms: SWIPE_MAX_MS + 1 })).toBe(0)
    expect(swipeDayStep({ ...swipe, dy: 70 })).toBe(0)
  })
})
