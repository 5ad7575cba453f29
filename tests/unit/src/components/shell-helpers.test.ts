import { describe, expect, it } from 'vitest'
import { activeNavItem } from '../../../../src/components/nav-items'
import { resolveTheme } from '../../../../src/components/theme'
import { formatPageTitle } from '../../../../src/components/use-page-title'
import { isBookingPath, startsWithoutAuth } from '../../../../src/routes/booking-path'

describe('page titles', () => {
  it('appends the product name, or stands alone', () => {
    expect(formatPageTitle('Dashboard')).toBe('Dashboard - Slotwise Appointments')
    expect(formatPageTitle()).toBe('Slotwise Appointments')
    expect(formatPageTitle('')).toBe('Slotwise Appointments')
  })
})

describe('theme', () => {
  it('prefers the stored choice over the system setting', () => {
    expect(resolveTheme('light', true)).toBe('light')
    expect(resolveTheme('dark', false)).toBe('dark')
  })

  it('follows the system setting without a valid stored choice', () => {
    expect(resolveTheme(null, true)).toBe('dark')
    expect(resolveTheme(null, false)).toBe('light')
    expect(resolveTheme('purple', true)).toBe('dark')
  })
})

describe('sidebar active item', () => {
  it.each([
    ['/dashboard', 'Dashboard'],
    ['/services/4b1c/edit', 'Services'],
    ['/team/create', 'Team'],
    ['/settings', 'Settings'],
    ['/settings/business-configuration/edit', 'Settings'],
    ['/settings/billing', 'Billing'],
    ['/checkout/success', 'Billing'],
    ['/activity-log', 'Activity Log'],
  ])('%s → %s', (path, label) => {
    expect(activeNavItem(path)?.label).toBe(label)
  })

  it('marks nothing for pages outside the menu or lookalike prefixes', () => {
    expect(activeNavItem('/sentry-test')).toBeNull()
    expect(activeNavItem('/teams')).toBeNull()
  })
})

describe('booking area paths', () => {
  it('starts without auth anywhere under /book, as the spec says', () => {
    expect(startsWithoutAuth('/booking/my-appointments')).toBe(true)
    expect(startsWithoutAuth('/book')).toBe(true)
    expect(startsWithoutAuth('/dashboard')).toBe(false)
  })

  it('treats only /booking and below as the booking area', () => {
    expect(isBookingPath('/booking')).toBe(true)
    expect(isBookingPath('/booking/confirmation/1')).toBe(true)
    expect(isBookingPath('/bookings')).toBe(false)
  })
})
