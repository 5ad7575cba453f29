import {
  type BrandPalette,
  brandPalette,
  DARK_SURFACES,
  LIGHT_SURFACES,
  parseHexColour,
} from '../../shared/brand-colours.ts'

/**
 * The business's brand colour as CSS custom properties for the booking layout: `--brand`,
 * `--brand-foreground` and friends for the light theme, `--brand-dark-…` for the dark one.
 * layout.css maps them onto the app's primary and focus tokens inside `.p-booking[data-brand]`,
 * so every button, selected state, link and focus ring on the public pages wears the brand,
 * each pairing at WCAG AA. Null for a colour that is not #rrggbb (the app's own palette stays).
 */
export function brandStyle(brandColour: string): Record<string, string> | null {
  if (!parseHexColour(brandColour)) return null
  return {
    ...variables('--brand', brandPalette(brandColour, LIGHT_SURFACES)),
    ...variables('--brand-dark', brandPalette(brandColour, DARK_SURFACES)),
  }
}

function variables(prefix: string, palette: BrandPalette): Record<string, string> {
  return {
    [prefix]: palette.primary,
    [`${prefix}-foreground`]: palette.onPrimary,
    [`${prefix}-hover`]: palette.hover,
    [`${prefix}-soft`]: palette.soft,
    [`${prefix}-text`]: palette.text,
    [`${prefix}-focus`]: palette.focus,
  }
}
