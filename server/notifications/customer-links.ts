import { bookingHref, manageUrl } from '../../shared/booking-links.ts'
import type { CapabilityTokens } from '../security/capability-tokens.ts'
import type { CustomerLinks } from './appointment-calendar.ts'

/**
 * The links a customer is given for an appointment: its manage page (with the secret token)
 * and the business's booking page. Both name the business, so they work on a shared host
 * without a subdomain or a default business. The paths are the booking page's own
 * (shared/booking-links.ts), so a link e-mailed here is one the page can read.
 */
export function customerLinks(
  site: { publicUrl: string; tokens: CapabilityTokens },
  appointment: { id: string; businessSlug: string },
): CustomerLinks {
  const business = appointment.businessSlug
  const token = site.tokens.manageToken(appointment.id)
  return {
    manageUrl: site.publicUrl + manageUrl(appointment.id, token, business),
    bookingUrl: site.publicUrl + bookingHref('/booking', business),
  }
}
