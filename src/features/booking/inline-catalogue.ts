import { FORMATTED_MONEY_ELEMENT_ID } from '../../../shared/booking-page-render'
import type { Catalogue } from '../../machines/booking-context'

/** The element server/http/booking-page-data.ts adds to the wizard's pages. */
const ELEMENT_ID = 'slotwise-booking-catalogue'

/** The page's data block, parsed on first use: undefined when absent or unreadable. */
let parsed: { catalogue: Catalogue | undefined } | null = null
let handedToWizard = false

function readBlock(): Catalogue | undefined {
  if (parsed) return parsed.catalogue
  parsed = { catalogue: undefined }
  if (typeof document === 'undefined') return undefined
  const element = document.getElementById(ELEMENT_ID)
  if (!element?.textContent) return undefined
  element.remove()
  try {
    const value: unknown = JSON.parse(element.textContent)
    parsed.catalogue = isCatalogue(value) ? value : undefined
  } catch (error) {
    console.error(error)
  }
  return parsed.catalogue
}

/**
 * The catalogue the server sent with this page (the same business the page's API calls
 * resolve), handed out once: the wizard then starts on it instead of three requests after the
 * scripts. Absent (dev server, a business that does not exist) or unreadable → undefined, and
 * the machine loads it as before. Once only: going back to the start later must not reuse a
 * catalogue that may be stale.
 */
export function inlineCatalogue(): Catalogue | undefined {
  const catalogue = readBlock()
  if (handedToWizard) return undefined
  handedToWizard = true
  return catalogue
}

/**
 * The page's catalogue for the start screen, which only shows it: unlike inlineCatalogue(),
 * reading it leaves it for the wizard.
 */
export function pageCatalogue(): Catalogue | undefined {
  return readBlock()
}

/**
 * The business of the page's catalogue, for the booking frame's name, logo and colours (so
 * the header needs no request of its own either); undefined without a data block.
 */
export function inlineBusiness(): Catalogue['business'] | undefined {
  return readBlock()?.business
}

export function isCatalogue(value: unknown): value is Catalogue {
  if (typeof value !== 'object' || value === null) return false
  const candidate = value as Record<string, unknown>
  return (
    typeof candidate.business === 'object' &&
    candidate.business !== null &&
    Array.isArray(candidate.services) &&
    Array.isArray(candidate.teamMembers)
  )
}

/**
 * The currency amounts a server-rendered page shows, as the server formatted them (see
 * RenderedBookingPage.formattedMoney); empty without the block. Read once: the block is removed.
 */
export function inlineFormattedMoney(): Record<string, string> {
  if (typeof document === 'undefined') return {}
  const element = document.getElementById(FORMATTED_MONEY_ELEMENT_ID)
  if (!element?.textContent) return {}
  element.remove()
  try {
    const value: unknown = JSON.parse(element.textContent)
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, string>)
      : {}
  } catch (error) {
    console.error(error)
    return {}
  }
}
