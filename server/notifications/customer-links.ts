import type { CapabilityTokens } from '../security/capability-tokens.ts'
import type { CustomerLinks } from './appointment-calendar.ts'

/**
 * The links a customer is given for an appointment: its manage page (with the secret token)
 * and the business's booking page. Both name the business, so they work on a shared host
 * without a subdomain or a default business.
 */
export function customerLinks(
  site: { publicUrl: string; tokens: CapabilityTokens },
  appointment: { id: string; businessSlug: string },
): CustomerLinks {
  const business = encodeURIComponent(appointment.businessSlug)
  const token = site.tokens.manageToken(appointment.id)
  return {
    manageUrl: `${site.publicUrl}/booking/event/${appointment.id}?business=${business}&token=${token}`,
    bookingUrl: `${site.publicUrl}/booking?business=${business}`,
  }
}
