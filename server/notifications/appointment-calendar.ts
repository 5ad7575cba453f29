import type { Language } from '../../shared/languages.ts'
import type { AppointmentDetails } from '../db/read-models/appointment-details.ts'
import { translatorFor } from './i18n.ts'
import { appointmentUid, type CalendarEvent, type CalendarPerson } from './ics.ts'
import { noReplyAddress, singleAddress } from './mail-headers.ts'
import type { AppointmentFacts } from './messages.ts'

/** The links a customer's e-mail carries, made by whoever holds the server's secret. */
export interface CustomerLinks {
  manageUrl: string
  bookingUrl: string
}

/** The language of everything the customer receives about this appointment. */
export function customerLanguageOf(details: AppointmentDetails): Language {
  return details.customerLanguage ?? details.business.defaultLanguage
}

/** Who the event is for: the customer's copy carries their manage link, the member's does not. */
type Audience = 'customer' | 'team_member'

export function factsOf(details: AppointmentDetails, links: CustomerLinks): AppointmentFacts {
  return {
    businessName: details.business.name,
    businessAddress: details.business.address,
    businessPhone: details.business.phone,
    businessTimeZone: details.business.timeZone,
    locale: details.business.locale,
    customerLanguage: customerLanguageOf(details),
    serviceName: details.serviceName,
    teamMemberName: details.member.name,
    teamMemberTimeZone: details.member.timeZone,
    customerName: details.customer.name,
    customerTimeZone: details.customerTimeZone,
    startsAt: details.startsAt,
    endsAt: details.endsAt,
    cancelReason: details.cancelReason,
    manageUrl: links.manageUrl,
    bookingUrl: links.bookingUrl,
    bookingAnswers: details.bookingAnswers,
  }
}

/**
 * The appointment as a calendar event. The organizer is the business (its e-mail, or a
 * no-reply address on the site's host when it has none or one that is no single address:
 * RFC 5546 wants an organizer).
 */
export function eventOf(
  details: AppointmentDetails,
  audience: Audience,
  options: { publicUrl: string; stamp: Date; manageUrl?: string },
): CalendarEvent {
  const organizer: CalendarPerson = {
    name: details.business.name,
    email: singleAddress(details.business.email) ?? noReplyAddress(options.publicUrl),
  }
  // A hold never paid was never booked: to a calendar it is as good as cancelled.
  const cancelled = details.status === 'cancelled' || details.status === 'payment_expired'
  const attendee = audience === 'customer' ? details.customer : details.member
  const t = translatorFor(customerLanguageOf(details))
  const names = {
    service: details.serviceName,
    member: details.member.name,
    business: details.business.name,
  }
  // The customer's copy is in their language; the team member's stays in English like the staff app.
  const description =
    audience === 'customer'
      ? [
          t('ics_description', names),
          options.manageUrl ? t('ics_manage', { url: options.manageUrl }) : '',
        ]
      : [
          `${details.serviceName} for ${details.customer.name}.`,
          details.notes ? `Notes: ${details.notes}` : '',
        ]
  return {
    uid: appointmentUid(details.id),
    sequence: details.icsSequence,
    stamp: options.stamp,
    start: details.startsAt,
    end: details.endsAt,
    summary:
      audience === 'customer'
        ? t('ics_summary', names)
        : `${details.serviceName} — ${details.customer.name}`,
    description: description.filter(Boolean).join('\n'),
    location: details.business.address,
    url: audience === 'customer' ? options.manageUrl : undefined,
    organizer,
    attendee: attendee.email ? { name: attendee.name, email: attendee.email } : undefined,
    status: cancelled ? 'CANCELLED' : 'CONFIRMED',
  }
}
