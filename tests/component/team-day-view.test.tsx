import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Schedule } from '../../src/api/appointments'
import type { MoveRequest } from '../../src/domain/appointment-move'
import { LONG_PRESS_MS } from '../../src/domain/touch-gestures'
import { appointmentLabel } from '../../src/features/calendar/calendar-events'
import { TeamDayView } from '../../src/features/calendar/team-day-view'
import { ALEX, BERLIN, BO, sampleAppointment } from '../support/unit/appointment-samples'

// The team day view as a keyboard and screen-reader user meets it: a block picked up with M,
// moved by arrows (every step announced), dropped with Enter, refused with its reason.

const DAY = '2026-11-27'
const members = [
  { id: ALEX, name: 'Alex Kim', color: '#1d4ed8' },
  { id: BO, name: 'Bo Berg', color: '#b91c1c' },
]
// Berlin is UTC+1 in November: both work 09:00–17:00 with lunch 12:00–13:00.
// (The lunch is shaded as a break because the schedule lists it in `breaks`.)
const workDay = (id: string, name: string) => ({
  team_member_id: id,
  name,
  color: '#1d4ed8',
  time_zone: BERLIN,
  breaks: [{ starts_at: '2026-11-27T11:00:00.000Z', ends_at: '2026-11-27T12:00:00.000Z' }],
  working_periods: [
    { starts_at: '2026-11-27T08:00:00.000Z', ends_at: '2026-11-27T11:00:00.000Z' },
    { starts_at: '2026-11-27T12:00:00.000Z', ends_at: '2026-11-27T16:00:00.000Z' },
  ],
  time_off: [],
  busy_blocks: [],
})
const schedule: Schedule = {
  time_zone: BERLIN,
  members: [workDay(ALEX, 'Alex Kim'), workDay(BO, 'Bo Berg')],
}
// 10:00–10:45 with Alex.
const appointment = sampleAppointment()
// Bo's dentist 14:00–15:00 from Bo's own calendar.
const busy = [
  {
    team_member_id: BO,
    starts_at: '2026-11-27T13:00:00.000Z',
    ends_at: '2026-11-27T14:00:00.000Z',
    title: 'Dentist',
  },
]

function renderView(checkMove: (request: MoveRequest) => string | null) {
  const onMove = vi.fn()
  const onOpen = vi.fn()
  const onCreate = vi.fn()
  const onSwipeDay = vi.fn()
  const onBusy = vi.fn()
  render(
    <TeamDayView
      date={DAY}
      timeZone={BERLIN}
      members={members}
      schedule={schedule}
      busy={busy}
      appointments={[appointment]}
      labelOf={(item) => appointmentLabel(item, BERLIN)}
      isMovable={() => true}
      selectable
      checkMove={checkMove}
      onCreate={onCreate}
      onOpen={onOpen}
      onBusy={onBusy}
      onMove={onMove}
      onSwipeDay={onSwipeDay}
    />,
  )
  return { onMove, onOpen, onCreate, onSwipeDay, onBusy }
}

const announced = () => screen.getByRole('status').textContent ?? ''

describe('the team day view', () => {
  it('shows a column per member with their break, and the block named by its sentence', () => {
    renderView(() => null)
    expect(screen.getAllByText(/^Break 12:00–13:00$/)).toHaveLength(2)
    const block = screen.getByRole('button', {
      name: /^10:00–10:45, Ana Lopez, Haircut, with Alex Kim/,
    })
    expect(block.getAttribute('aria-keyshortcuts')).toBe('M')
  })

  it('moves a block by keyboard to the next column and a quarter later, announcing each step', async () => {
    const user = userEvent.setup()
    const { onMove, onOpen } = renderView(() => null)
    screen.getByRole('button', { name: /^10:00–10:45, Ana Lopez/ }).focus()
    await user.keyboard('m')
    expect(announced()).toContain('Moving Ana Lopez: 10:00–10:45 with Alex Kim')
    await user.keyboard('{ArrowRight}')
    expect(announced()).toBe('10:00–10:45 with Bo Berg')
    await user.keyboard('{ArrowDown}')
    expect(announced()).toBe('10:15–11:00 with Bo Berg')
    await user.keyboard('{Shift>}{ArrowDown}{/Shift}')
    expect(announced()).toBe('10:15–11:15 with Bo Berg')
    await user.keyboard('{Enter}')
    expect(onMove).toHaveBeenCalledWith({
      appointmentId: appointment.id,
      startsAt: '2026-11-27T09:15:00.000Z',
      endsAt: '2026-11-27T10:15:00.000Z',
      teamMemberId: BO,
    })
    expect(onOpen).not.toHaveBeenCalled()
  })

  it('refuses a drop where checkMove gives a reason, says why, and puts the block back', async () => {
    const user = userEvent.setup()
    const checkMove = (request: MoveRequest) =>
      request.teamMemberId === BO ? 'Bo Berg is on a break then' : null
    const { onMove } = renderView(checkMove)
    screen.getByRole('button', { name: /^10:00–10:45, Ana Lopez/ }).focus()
    await user.keyboard('m{ArrowRight}')
    expect(announced()).toBe('10:00–10:45 with Bo Berg: Bo Berg is on a break then')
    expect(document.querySelector('.p-team-col__ghost--refused')?.textContent).toContain(
      'Bo Berg is on a break then',
    )
    await user.keyboard('{Enter}')
    expect(onMove).not.toHaveBeenCalled()
    expect(announced()).toBe('Not moved: Bo Berg is on a break then')
    await waitFor(() => expect(document.querySelector('.p-team-col__ghost')).toBeNull())
  })

  it('puts the block back on Escape, and Enter opens it when nothing is picked up', async () => {
    const user = userEvent.setup()
    const { onMove, onOpen } = renderView(() => null)
    screen.getByRole('button', { name: /^10:00–10:45, Ana Lopez/ }).focus()
    await user.keyboard('m{ArrowDown}{Escape}')
    expect(announced()).toBe('Move cancelled.')
    expect(onMove).not.toHaveBeenCalled()
    await user.keyboard('{Enter}')
    expect(onOpen).toHaveBeenCalledWith(appointment)
  })

  it("books in a member's column by keyboard: the column's button, its time moved by Up and Down", async () => {
    const user = userEvent.setup()
    const { onCreate } = renderView(() => null)
    screen.getByRole('button', { name: 'New appointment with Bo Berg at 09:00' }).focus()
    await user.keyboard('{ArrowDown}{ArrowDown}')
    const here = screen.getByRole('button', { name: 'New appointment with Bo Berg at 09:30' })
    expect(here).toBe(document.activeElement)
    await user.keyboard('{Enter}')
    expect(onCreate).toHaveBeenCalledWith({
      startsAt: '2026-11-27T08:30:00.000Z',
      teamMemberId: BO,
    })
  })

  it("shows a member's own busy time in their column; a click on it says so and books nothing", async () => {
    const user = userEvent.setup()
    const { onBusy, onCreate } = renderView(() => null)
    const block = screen.getByRole('button', {
      name: 'Busy 14:00–15:00 in Bo Berg’s own calendar: Dentist',
    })
    expect(block.textContent).toBe('Dentist')
    await user.click(block)
    expect(onBusy).toHaveBeenCalledWith('Busy 14:00–15:00 in Bo Berg’s own calendar: Dentist')
    expect(onCreate).not.toHaveBeenCalled()
  })

  describe('with a finger', () => {
    const finger = { pointerId: 7, pointerType: 'touch', clientX: 50, clientY: 50 }
    const pressBlock = () => {
      renderView(() => null)
      const block = screen.getByRole('button', { name: /^10:00–10:45, Ana Lopez/ })
      fireEvent.pointerDown(block, finger)
      return block
    }
    beforeEach(() => vi.useFakeTimers())
    afterEach(() => vi.useRealTimers())

    it('picks a block up only after a long press, and then keeps the grid from scrolling', () => {
      const block = pressBlock()
      const scrollMove = () => {
        const move = new Event('touchmove', { bubbles: true, cancelable: true })
        block.dispatchEvent(move)
        return move.defaultPrevented
      }
      act(() => vi.advanceTimersByTime(LONG_PRESS_MS - 50))
      expect(document.querySelector('.p-team-col__ghost')).toBeNull()
      expect(scrollMove()).toBe(false)
      act(() => vi.advanceTimersByTime(50))
      expect(document.querySelector('.p-team-col__ghost')?.textContent).toContain('10:00–10:45')
      expect(announced()).toBe('10:00–10:45 with Alex Kim')
      expect(scrollMove()).toBe(true)
      fireEvent.pointerUp(window, finger)
      expect(announced()).toBe('Move cancelled.')
      expect(scrollMove()).toBe(false)
    })

    it('leaves a finger that moves first to the scroll: nothing is picked up', () => {
      pressBlock()
      fireEvent.pointerMove(window, { ...finger, clientY: 80 })
      act(() => vi.advanceTimersByTime(LONG_PRESS_MS * 2))
      expect(document.querySelector('.p-team-col__ghost')).toBeNull()
    })
  })

  it('changes the day on a sideways swipe of the empty grid, not on one that starts on a block', () => {
    const { onSwipeDay } = renderView(() => null)
    const column = document.querySelector('[data-team-column]') as HTMLElement
    const block = screen.getByRole('button', { name: /^10:00–10:45, Ana Lopez/ })
    const swipe = (on: HTMLElement, dx: number, dy = 0) => {
      fireEvent.touchStart(on, { touches: [{ clientX: 200, clientY: 200 }] })
      fireEvent.touchEnd(on, { changedTouches: [{ clientX: 200 + dx, clientY: 200 + dy }] })
    }
    // Nothing to scroll sideways here: both ends are reached at once.
    swipe(column, 120)
    expect(onSwipeDay).toHaveBeenLastCalledWith(-1)
    swipe(column, -120)
    expect(onSwipeDay).toHaveBeenLastCalledWith(1)
    onSwipeDay.mockClear()
    swipe(block, -120)
    swipe(column, 120, 100)
    expect(onSwipeDay).not.toHaveBeenCalled()
  })
})
