import { fireEvent, render, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { busyEvents } from '../../src/features/calendar/calendar-events'
import { FullCalendarView } from '../../src/features/calendar/full-calendar-view'

// The week view's busy blocks, as a mouse and a keyboard user meet them: named by their
// sentence, and a click on one says the member is busy instead of booking there.

const BERLIN = 'Europe/Berlin'
const lecture = {
  team_member_id: 'alex',
  starts_at: '2026-11-25T09:00:00Z',
  ends_at: '2026-11-25T10:00:00Z',
  title: 'Lecture',
}

describe('busy blocks in the week view', () => {
  it('are named, not draggable, and a click on one says busy rather than books', async () => {
    const onBusy = vi.fn()
    const onCreate = vi.fn()
    render(
      <FullCalendarView
        view="week"
        date="2026-11-25"
        timeZone={BERLIN}
        events={busyEvents([lecture], {
          timeZone: BERLIN,
          nameOf: () => 'Alex Kim',
          withNames: false,
        })}
        selectable
        onRange={() => {}}
        onCreate={onCreate}
        onOpen={() => {}}
        onBusy={onBusy}
        checkMove={() => null}
        onRefused={() => {}}
        onMove={() => {}}
      />,
    )
    // happy-dom does no layout, so FullCalendar keeps its time-grid events hidden (unmeasured)
    // and no accessible name is computed: the element and its sentence are looked at directly.
    const label = 'Busy 10:00–11:00 in Alex Kim’s own calendar: Lecture'
    await waitFor(() => expect(document.querySelector('.p-cal-busy')).not.toBeNull())
    const block = document.querySelector('.p-cal-busy') as HTMLElement
    expect(block.getAttribute('role')).toBe('button')
    expect(block.querySelector('.p-visually-hidden')?.textContent).toBe(label)
    expect(block.classList.contains('fc-event-draggable')).toBe(false)
    fireEvent.click(block)
    expect(onBusy).toHaveBeenCalledWith(label)
    expect(onCreate).not.toHaveBeenCalled()
  })
})
