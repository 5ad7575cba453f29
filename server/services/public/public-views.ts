import type { components } from '../../../shared/contract/schema.d.ts'
import { chargeAtBooking, chargeBelowStripeMinimum } from '../../../shared/payment-rules.ts'
import type {
  Catalog,
  PublicAppointmentRow,
  PublicMemberRow,
  PublicServiceRow,
} from '../../db/repositories/public-booking-repository.ts'
import type { SettingsRow } from '../../db/repositories/settings-repository.ts'
import type { Tenant } from '../../db/repositories/tenant-repository.ts'
import { selfServiceDeadline, selfServiceRefusal } from '../../domain/self-service-policy.ts'

type PublicBusiness = components['schemas']['PublicBusiness']
type PublicService = components['schemas']['PublicService']
type PublicTeamMember = components['schemas']['PublicTeamMember']
type PublicAppointment = components['schemas']['PublicAppointment']

const MINUTE_MS = 60_000

/*
 * The only shapes that leave the public API: built field by field from the contract's public
 * schemas, so nothing internal (customer ids, buffers, who booked, notes of other records)
 * can slip out when a table grows a column.
 */

/** What the public business shows beyond the tenant and its settings rows. */
export interface PublicIdentity {
  logo: { url: string; width: number; height: number } | null
  showPoweredBy: boolean
}

export function publicBusiness(
  tenant: Tenant,
  settings: SettingsRow,
  identity: PublicIdentity,
): PublicBusiness {
  return {
    name: tenant.name,
    slug: tenant.slug,
    time_zone: tenant.timeZone,
    currency: tenant.currency,
    locale: tenant.locale,
    address: tenant.address,
    phone: tenant.phone,
    email: tenant.email,
    brand_color: settings.brandColor,
    logo_url: identity.logo?.url ?? null,
    logo_width: identity.logo?.width ?? null,
    logo_height: identity.logo?.height ?? null,
    show_powered_by: identity.showPoweredBy,
    team_member_choice: settings.teamMemberChoice,
    min_notice_minutes: settings.minNoticeMinutes,
    booking_window_days: settings.bookingWindowDays,
    slot_interval_minutes: settings.slotIntervalMinutes,
    cancellation_cutoff_minutes: settings.cancellationCutoffMinutes,
    reschedule_cutoff_minutes: settings.rescheduleCutoffMinutes,
    default_language: settings.defaultLanguage,
    follow_visitor_language: settings.followVisitorLanguage,
  }
}

/** The catalog as the booking pages see it: who performs what, people and services sorted. */
export interface PublicCatalog {
  /** Active services with at least one bookable performer, by category and name. */
  services: PublicService[]
  /** Bookable members who perform at least one of those services, by name. */
  teamMembers: PublicTeamMember[]
  /** Every bookable member (a profile may be shown before services are assigned). */
  everyone: PublicTeamMember[]
}

export function publicCatalog(
  catalog: Catalog,
  payments: { chargesAtBooking: boolean },
): PublicCatalog {
  const performersOf = groupBy(catalog.performs, 'serviceId', 'teamMemberId')
  const servicesOf = groupBy(catalog.performs, 'teamMemberId', 'serviceId')
  const byName = (a: { name: string; id: string }, b: { name: string; id: string }) =>
    a.name.localeCompare(b.name) || a.id.localeCompare(b.id)
  const services = catalog.services
    .filter((service) => performersOf.has(service.id))
    .map((service) =>
      publicService(
        service,
        performersOf.get(service.id) ?? [],
        payments.chargesAtBooking ? catalog.cancellationCutoffMinutes : null,
      ),
    )
    .sort((a, b) => a.category.localeCompare(b.category) || byName(a, b))
  const everyone = catalog.members
    .map((member) => publicTeamMember(member, servicesOf.get(member.id) ?? []))
    .sort(byName)
  return {
    services,
    teamMembers: everyone.filter((member) => member.service_ids.length > 0),
    everyone,
  }
}

/** `cancellationCutoffMinutes` null: the business takes no payments now, so nothing is charged. */
function publicService(
  service: PublicServiceRow,
  teamMemberIds: string[],
  cancellationCutoffMinutes: number | null,
): PublicService {
  return {
    id: service.id,
    name: service.name,
    description: service.description,
    category: service.category ?? '',
    duration_minutes: service.durationMinutes,
    price_minor: service.priceMinor,
    currency: service.currency,
    color: service.color,
    capacity: service.capacity,
    team_member_ids: [...teamMemberIds].sort(),
    booking_questions: service.bookingQuestions,
    payment:
      cancellationCutoffMinutes === null ? null : publicPayment(service, cancellationCutoffMinutes),
  }
}

/**
 * What booking the service charges, for the booking page to say before the customer commits:
 * the amount now and the refund rule (in full when cancelled before the business's cut-off;
 * after it what was paid is kept, the deposit of a deposit rule).
 */
function publicPayment(
  service: PublicServiceRow,
  cancellationCutoffMinutes: number,
): PublicService['payment'] {
  const rule = {
    kind: service.paymentRule,
    deposit_amount_minor: service.depositAmountMinor,
    deposit_percent: service.depositPercent,
    no_show_fee_minor: service.noShowFeeMinor,
  }
  const charge = chargeAtBooking(rule, service.priceMinor)
  if (!charge) return null
  // A rule saved before Stripe's minimum was checked on every change: Stripe would refuse its
  // charge, so the page offers the service without one (staff see why on the service).
  if (chargeBelowStripeMinimum(rule, service.priceMinor, service.currency)) return null
  return {
    ...charge,
    currency: service.currency,
    refund: {
      full_refund_until_minutes: cancellationCutoffMinutes,
      kept_after_cutoff_minor: charge.amount_minor,
    },
  }
}

function publicTeamMember(member: PublicMemberRow, serviceIds: string[]): PublicTeamMember {
  return {
    id: member.id,
    name: member.name,
    slug: member.slug,
    bio: member.bio,
    service_ids: [...serviceIds].sort(),
  }
}

function groupBy<K extends string, V extends string>(
  pairs: Record<K | V, string>[],
  key: K,
  value: V,
): Map<string, string[]> {
  const groups = new Map<string, string[]>()
  for (const pair of pairs) {
    const group = groups.get(pair[key]) ?? []
    group.push(pair[value])
    groups.set(pair[key], group)
  }
  return groups
}

/** An appointment as its customer sees it, with what they may still do and until when. */
export function publicAppointment(
  appointment: PublicAppointmentRow,
  business: { tenant: Tenant; settings: SettingsRow },
  now: number,
): PublicAppointment {
  const { row } = appointment
  const startsAt = row.startsAt.getTime()
  const cutoffs = business.settings
  const rescheduleDeadline = selfServiceDeadline('reschedule', startsAt, cutoffs)
  const cancelDeadline = selfServiceDeadline('cancel', startsAt, cutoffs)
  const current = { status: row.status, startsAt }
  return {
    id: row.id,
    status: row.status,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    time_zone: business.tenant.timeZone,
    business_name: business.tenant.name,
    service: {
      id: row.serviceId,
      name: appointment.serviceName,
      duration_minutes: Math.round((row.endsAt.getTime() - startsAt) / MINUTE_MS),
    },
    team_member: {
      id: row.teamMemberId,
      name: appointment.teamMemberName,
      slug: appointment.teamMemberSlug,
    },
    price_minor: row.priceMinor,
    currency: row.currency,
    customer_name: appointment.customerName,
    customer_email: appointment.customerEmail,
    // The notes typed with the booking: the team's own notes on the appointment stay theirs.
    notes: row.submittedNotes ?? '',
    cancel_reason: row.cancelReason,
    // The same rule that refuses the move or cancellation decides whether it is offered.
    can_reschedule: selfServiceRefusal('reschedule', current, cutoffs, now) === null,
    can_cancel: selfServiceRefusal('cancel', current, cutoffs, now) === null,
    reschedule_deadline: new Date(rescheduleDeadline).toISOString(),
    cancel_deadline: new Date(cancelDeadline).toISOString(),
  }
}
