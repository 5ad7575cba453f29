import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { CalendarConnection } from '../../src/features/team/api'
import { CalendarConnectionCard } from '../../src/features/team/calendar-connection-card'

// One connected account as its member meets it: its health in words with Reconnect when the
// sign-in was refused, its calendars' switches, and Disconnect only after saying what it does.

const NOW = Date.parse('2026-11-30T10:00:00Z')
const broken: CalendarConnection = {
  id: '00000000-0000-4000-8000-0000000000c1',
  team_member_id: '00000000-0000-4000-8000-0000000000a1',
  kind: 'caldav',
  display_name: 'anna@icloud.com on caldav.icloud.com',
  health: 'needs_reconnect',
  last_synced_at: '2026-11-30T09:00:00Z',
  next_sync_at: '2026-11-30T10:05:00Z',
  last_error: 'The server refused the password.',
  busy_times_stale: true,
  privacy: 'details',
  created_at: '2026-11-01T09:00:00Z',
  calendars: [
    {
      id: '00000000-0000-4000-8000-0000000000d1',
      name: 'Home',
      colour: '#ff9500',
      writable: true,
      check_conflicts: true,
      add_bookings: true,
    },
    {
      id: '00000000-0000-4000-8000-0000000000d2',
      name: 'Holidays',
      colour: null,
      writable: false,
      check_conflicts: false,
      add_bookings: false,
    },
  ],
}

function renderCard() {
  const actions = {
    onCheckConflicts: vi.fn(async () => {}),
    onPrivacy: vi.fn(async () => {}),
    onSync: vi.fn(async () => {}),
    onReconnect: vi.fn(),
    onDisconnect: vi.fn(async () => {}),
  }
  render(<CalendarConnectionCard connection={broken} now={NOW} actions={actions} />)
  return actions
}

describe('a connected calendar account', () => {
  it('says it needs reconnecting, why, and that its busy times are stale but still count', async () => {
    const user = userEvent.setup()
    const actions = renderCard()
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain('The server refused the password.')
    expect(alert.textContent).toContain(
      'Busy times may be out of date: last synced 1 hour ago. They still block bookings.',
    )
    expect(screen.getByText('Needs reconnecting')).toBeTruthy()
    await user.click(within(alert).getByRole('button', { name: 'Reconnect' }))
    expect(actions.onReconnect).toHaveBeenCalledOnce()
  })

  it('switches checking a calendar for conflicts', async () => {
    const user = userEvent.setup()
    const actions = renderCard()
    const holidays = screen.getByRole('switch', { name: 'Check Holidays for conflicts' })
    expect((holidays as HTMLInputElement).checked).toBe(false)
    await user.click(holidays)
    expect(actions.onCheckConflicts).toHaveBeenCalledWith(broken.calendars[1], true)
  })

  it('disconnects only once confirmed, saying what happens to the bookings written there', async () => {
    const user = userEvent.setup()
    const actions = renderCard()
    await user.click(screen.getByRole('button', { name: 'Disconnect…' }))
    const dialog = screen.getByRole('alertdialog', {
      name: 'Disconnect anna@icloud.com on caldav.icloud.com?',
    })
    expect(dialog.textContent).toContain('Its busy times stop blocking bookings at once')
    expect(dialog.textContent).toContain(
      'The upcoming appointments Slotwise added to Home are removed',
    )
    expect(actions.onDisconnect).not.toHaveBeenCalled()
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }))
    expect(actions.onDisconnect).toHaveBeenCalledOnce()
  })
})
