import type { Catalogue } from '../../machines/booking.machine'

/** The element server/http/booking-page-data.ts adds to the wizard's pages. */
const ELEMENT_ID = 'slotwise-booking-catalogue'

/**
 * The catalogue the server sent with this page (the same business the page's API calls
 * resolve), read once: the wizard then starts on it instead of three requests after the
 * scripts. Absent (dev server, a business that does not exist) or unreadable → undefined, and
 * the machine loads it as before.
 */
export function inlineCatalogue(): Catalogue | undefined {
  if (typeof document === 'undefined') return undefined
  const element = document.getElementById(ELEMENT_ID)
  if (!element?.textContent) return undefined
  // Read once: going back to the start later must not reuse a catalogue that may be stale.
  element.remove()
  try {
    const value: unknown = JSON.parse(element.textContent)
    return isCatalogue(value) ? value : undefined
  } catch (error) {
    console.error(error)
    return undefined
  }
}

function isCatalogue(value: unknown): value is Catalogue {
  if (typeof value !== 'object' || value === null) return false
  const candidate = value as Record<string, unknown>
  return (
    typeof candidate.business === 'object' &&
    candidate.business !== null &&
    Array.isArray(candidate.services) &&
    Array.isArray(candidate.teamMembers)
  )
}
