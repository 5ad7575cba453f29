import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  AA_TEXT_CONTRAST,
  brandPair,
  brandPalette,
  brandTextOn,
  contrastRatio,
  DARK_SURFACES,
  LIGHT_SURFACES,
  NEAR_BLACK,
  parseHexColour,
  readableForeground,
  relativeLuminance,
  WHITE,
} from '../../../shared/brand-colours.ts'

const hexColour = fc
  .tuple(fc.nat(255), fc.nat(255), fc.nat(255))
  .map((rgb) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`)

describe('relative luminance and contrast (WCAG 2.x)', () => {
  it('knows the ends of the scale', () => {
    expect(relativeLuminance('#000000')).toBe(0)
    expect(relativeLuminance('#FFFFFF')).toBe(1)
    expect(contrastRatio('#000000', '#ffffff')).toBe(21)
  })

  it('matches published figures', () => {
    // #767676 on white is the well-known lightest grey that passes AA: 4.54:1.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2)
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(AA_TEXT_CONTRAST)
  })

  it('is symmetric and between 1 and 21', () => {
    fc.assert(
      fc.property(hexColour, hexColour, (a, b) => {
        const ratio = contrastRatio(a, b)
        expect(ratio).toBeCloseTo(contrastRatio(b, a), 10)
        expect(ratio).toBeGreaterThanOrEqual(1)
        expect(ratio).toBeLessThanOrEqual(21)
      }),
    )
  })

  it('reads only six-digit hex colours', () => {
    expect(parseHexColour('#4f46e5')).toEqual([79, 70, 229])
    expect(parseHexColour('4f46e5')).toBeNull()
    expect(parseHexColour('#fff')).toBeNull()
    expect(() => relativeLuminance('red')).toThrow(/#rrggbb/)
  })
})

describe('readableForeground', () => {
  it('puts white on dark colours and near-black on light ones', () => {
    expect(readableForeground('#1e3a8a')).toBe(WHITE)
    expect(readableForeground('#fde047')).toBe(NEAR_BLACK)
  })
})

describe('brandPair', () => {
  it('keeps a colour that already reaches AA with its text', () => {
    expect(brandPair('#4F46E5')).toEqual({ background: '#4f46e5', foreground: WHITE })
    expect(brandPair('#fde047')).toEqual({ background: '#fde047', foreground: NEAR_BLACK })
  })

  it('darkens a mid-tone neither text colour reaches AA on', () => {
    // Mid grey: 3.9:1 with white, 4.3:1 with near-black.
    const mid = '#808080'
    expect(contrastRatio(mid, WHITE)).toBeLessThan(AA_TEXT_CONTRAST)
    expect(contrastRatio(mid, NEAR_BLACK)).toBeLessThan(AA_TEXT_CONTRAST)
    const pair = brandPair(mid)
    expect(pair.foreground).toBe(WHITE)
    expect(pair.background).not.toBe(mid)
    expect(relativeLuminance(pair.background)).toBeLessThan(relativeLuminance(mid))
    expect(contrastRatio(pair.background, pair.foreground)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST)
  })

  it('always reaches AA, and changes a colour only when it must', () => {
    fc.assert(
      fc.property(hexColour, (brand) => {
        const pair = brandPair(brand)
        expect(contrastRatio(pair.background, pair.foreground)).toBeGreaterThanOrEqual(
          AA_TEXT_CONTRAST,
        )
        const fine = Math.max(contrastRatio(brand, WHITE), contrastRatio(brand, NEAR_BLACK))
        if (fine >= AA_TEXT_CONTRAST) expect(pair.background).toBe(brand)
      }),
    )
  })
})

describe('brandTextOn', () => {
  it('lightens a deep colour for a dark page and darkens a pale one for a light page', () => {
    const onDark = brandTextOn('#1e3a8a', [DARK_SURFACES.card])
    expect(relativeLuminance(onDark)).toBeGreaterThan(relativeLuminance('#1e3a8a'))
    const onLight = brandTextOn('#fde047', [LIGHT_SURFACES.card])
    expect(relativeLuminance(onLight)).toBeLessThan(relativeLuminance('#fde047'))
  })
})

describe('brandPalette', () => {
  it.each([
    ['light', LIGHT_SURFACES],
    ['dark', DARK_SURFACES],
  ])('keeps every text pairing at AA on a %s page, whatever the brand colour', (_, surfaces) => {
    fc.assert(
      fc.property(hexColour, (brand) => {
        const palette = brandPalette(brand, surfaces)
        expect(contrastRatio(palette.primary, palette.onPrimary)).toBeGreaterThanOrEqual(
          AA_TEXT_CONTRAST,
        )
        expect(contrastRatio(palette.hover, palette.onPrimary)).toBeGreaterThanOrEqual(
          AA_TEXT_CONTRAST,
        )
        for (const surface of [surfaces.card, surfaces.ground, surfaces.muted, palette.soft]) {
          expect(contrastRatio(palette.text, surface)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST)
        }
        expect(contrastRatio(palette.focus, surfaces.card)).toBeGreaterThanOrEqual(3)
      }),
    )
  })

  it('uses a lighter button on a dark page for a deep brand colour', () => {
    const light = brandPalette('#1e3a8a', LIGHT_SURFACES)
    const dark = brandPalette('#1e3a8a', DARK_SURFACES)
    expect(light.primary).toBe('#1e3a8a')
    expect(relativeLuminance(dark.primary)).toBeGreaterThan(relativeLuminance(light.primary))
  })
})
