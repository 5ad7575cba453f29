import { describe, expect, it } from 'vitest'
import { formatBookingTitle } from '../../../../src/components/use-page-title.ts'
import { brandStyle } from '../../../../src/domain/brand-style.ts'
import { logoFileProblem } from '../../../../src/features/settings/logo-field.tsx'

describe('brandStyle', () => {
  it('gives the light and dark custom properties for a brand colour', () => {
    const style = brandStyle('#1E3A8A')
    expect(style).toMatchObject({
      '--brand': '#1e3a8a',
      '--brand-foreground': '#ffffff',
      '--brand-text': '#1e3a8a',
    })
    // Navy on a near-black page is lightened for the dark theme.
    expect(style?.['--brand-dark']).not.toBe('#1e3a8a')
    expect(Object.keys(style ?? {})).toHaveLength(12)
  })

  it('leaves the app palette alone for a colour it cannot read', () => {
    expect(brandStyle('red')).toBeNull()
    expect(brandStyle('')).toBeNull()
  })
})

describe('logoFileProblem', () => {
  it('answers before sending what the server would refuse', () => {
    expect(logoFileProblem({ type: 'image/png', size: 2000 })).toBeNull()
    expect(logoFileProblem({ type: 'image/webp', size: 1024 * 1024 })).toBeNull()
    expect(logoFileProblem({ type: 'image/svg+xml', size: 100 })).toBe(
      'Choose a PNG, JPEG or WebP image (not SVG).',
    )
    expect(logoFileProblem({ type: 'image/gif', size: 100 })).not.toBeNull()
    expect(logoFileProblem({ type: 'image/jpeg', size: 1024 * 1024 + 1 })).toBe(
      'Choose an image of at most 1 MB.',
    )
  })
})

describe('formatBookingTitle', () => {
  const business = { name: 'Harbor Street Studio', show_powered_by: true }
  it('follows the spec, the product after the page, while the page credits Slotwise', () => {
    expect(formatBookingTitle('Choose a time', business)).toBe(
      'Choose a time - Slotwise Appointments',
    )
    expect(formatBookingTitle('Choose a time', null)).toBe('Choose a time - Slotwise Appointments')
  })
  it('puts the business in the product’s place when its plan removes "Powered by"', () => {
    expect(formatBookingTitle('Choose a time', { ...business, show_powered_by: false })).toBe(
      'Choose a time - Harbor Street Studio',
    )
  })
})
