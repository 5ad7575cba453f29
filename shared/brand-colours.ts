/**
 * The business's brand colour made safe to read: WCAG 2.x relative luminance and contrast,
 * the text colour to put on it, and an adjusted colour when neither white nor near-black text
 * reaches AA (4.5:1). Pure and shared: the booking pages set CSS custom properties from it and
 * the server paints the customer e-mails' header and button with the same pair.
 */

/** WCAG AA for normal text. */
export const AA_TEXT_CONTRAST = 4.5

export const WHITE = '#ffffff'
/** Near-black rather than #000: softer on a bright colour, still far above AA. */
export const NEAR_BLACK = '#111827'

/** The colour pair to paint with: `background` under `foreground` text. */
export interface BrandPair {
  background: string
  foreground: string
}

type Rgb = readonly [number, number, number]

const HEX = /^#([0-9a-f]{6})$/i

/** `#4F46E5` → [79, 70, 229]; null for anything that is not a six-digit hex colour. */
export function parseHexColour(hex: string): Rgb | null {
  const match = HEX.exec(hex.trim())
  if (!match?.[1]) return null
  const value = Number.parseInt(match[1], 16)
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff]
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`
}

function rgbOf(hex: string): Rgb {
  const rgb = parseHexColour(hex)
  if (!rgb) throw new Error(`Not a #rrggbb colour: ${hex}`)
  return rgb
}

/** WCAG relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const linear = (channel: number) => {
    const c = channel / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  const [r, g, b] = rgbOf(hex)
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

/** WCAG contrast ratio between two colours, 1 to 21, the same either way round. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ]
  return (light + 0.05) / (dark + 0.05)
}

/** White or near-black, whichever reads better on `background`. */
export function readableForeground(background: string): string {
  return contrastRatio(background, WHITE) >= contrastRatio(background, NEAR_BLACK)
    ? WHITE
    : NEAR_BLACK
}

/** Mixes `hex` toward `target` by `amount` (0 keeps it, 1 is the target). */
function mix(hex: string, target: string, amount: number): string {
  const [r, g, b] = rgbOf(hex)
  const [tr, tg, tb] = rgbOf(target)
  return toHex([r + (tr - r) * amount, g + (tg - g) * amount, b + (tb - b) * amount])
}

/**
 * The smallest step toward `target` (in 1/64ths) after which `accept` holds. The target itself
 * always passes for the targets used here (black or white against the chosen text colour).
 */
function nudgeToward(hex: string, target: string, accept: (candidate: string) => boolean): string {
  for (let step = 0; step <= 64; step += 1) {
    const candidate = mix(hex, target, step / 64)
    if (accept(candidate)) return candidate
  }
  return target
}

/**
 * The button/header pair for a brand colour: the colour itself with white or near-black text
 * when either reaches AA; otherwise the colour darkened (under white text) just enough to
 * reach it, so the business's hue is kept as far as contrast allows.
 */
export function brandPair(brand: string): BrandPair {
  const background = toHex(rgbOf(brand))
  const foreground = readableForeground(background)
  if (contrastRatio(background, foreground) >= AA_TEXT_CONTRAST) return { background, foreground }
  // Mid-tones (neither text colour reaches 4.5:1) read best darkened under white.
  const darker = nudgeToward(
    background,
    '#000000',
    (candidate) => contrastRatio(candidate, WHITE) >= AA_TEXT_CONTRAST,
  )
  return { background: darker, foreground: WHITE }
}

/**
 * The brand colour as text or a link on the given surfaces (the page's backgrounds): the
 * colour itself when it reaches AA on all of them, else nudged toward black on light surfaces
 * or toward white on dark ones until it does. Dark mode needs this: a deep blue button is
 * fine, deep blue link text on a near-black page is not.
 */
export function brandTextOn(brand: string, surfaces: readonly string[]): string {
  const colour = toHex(rgbOf(brand))
  const accept = (candidate: string) =>
    surfaces.every((surface) => contrastRatio(candidate, surface) >= AA_TEXT_CONTRAST)
  if (accept(colour)) return colour
  const dark = surfaces.every(
    (surface) => contrastRatio(surface, WHITE) > contrastRatio(surface, '#000000'),
  )
  return nudgeToward(colour, dark ? WHITE : '#000000', accept)
}

/** The page's own colours a palette is made for: cards, the ground under them, muted panels. */
export interface PageSurfaces {
  card: string
  ground: string
  muted: string
}

/** The booking pages' light and dark surfaces (src/styles/tokens.css). */
export const LIGHT_SURFACES: PageSurfaces = { card: '#ffffff', ground: '#f7f7f8', muted: '#f0f0f2' }
export const DARK_SURFACES: PageSurfaces = { card: '#17171b', ground: '#0e0e11', muted: '#202026' }

/** Every colour the booking pages paint with the brand, for one theme. */
export interface BrandPalette {
  /** Buttons and the selected day or time. */
  primary: string
  /** Text on `primary`: AA against it and against `hover`. */
  onPrimary: string
  /** A pressed or hovered button: a step further from `onPrimary`. */
  hover: string
  /** A soft tint for selected rows and chips. */
  soft: string
  /** Links and brand-coloured text: AA on the card, the ground, muted panels and `soft`. */
  text: string
  /** Focus rings: at least 3:1 on the surfaces (the text colour is 4.5:1). */
  focus: string
}

/**
 * The brand colour as a palette for one theme. On a light page the button keeps the brand
 * colour (adjusted only if no text reaches AA on it); on a dark page it starts from the colour
 * made readable on the dark surfaces, so a deep brand colour does not vanish into the page.
 */
export function brandPalette(brand: string, surfaces: PageSurfaces): BrandPalette {
  const dark = contrastRatio(surfaces.card, WHITE) > contrastRatio(surfaces.card, '#000000')
  const base = dark ? brandTextOn(brand, [surfaces.card, surfaces.ground, surfaces.muted]) : brand
  const { background: primary, foreground: onPrimary } = brandPair(base)
  const hover = mix(primary, onPrimary === WHITE ? '#000000' : WHITE, 0.15)
  const soft = mix(primary, surfaces.card, dark ? 0.78 : 0.9)
  const text = brandTextOn(primary, [surfaces.card, surfaces.ground, surfaces.muted, soft])
  return { primary, onPrimary, hover, soft, text, focus: text }
}
