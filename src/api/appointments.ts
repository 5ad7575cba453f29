import type { components } from '../../shared/contract/schema'
import { unwrap } from './api-error'
import { PAGE_SIZE, teamPagePath } from './call-paths'
import { api } from './client'
import { answeredEarly } from './early-calls'

// The appointment dialogs' calls (details, booking, payments and refunds, the no-show fee, the
// till): the calendar, the dashboard and the customer profile share the dialogs, so their calls
// live here rather than in one feature.

export type Appointment = components['schemas']['Appointment']
export type AppointmentInput = components['schemas']['AppointmentInput']
export type AppointmentPatch = components['schemas']['AppointmentPatch']
export type Slot = components['schemas']['Slot']
export type Schedule = components['schemas']['Schedule']
export type MemberSchedule = components['schemas']['MemberSchedule']
export type Service = components['schemas']['Service']
export type TeamMember = components['schemas']['TeamMember']
export type Customer = components['schemas']['Customer']
export type SubmittedDetail = components['schemas']['SubmittedDetail']
export type SubmittedDetailField = components['schemas']['SubmittedDetailField']

/** The API's largest page for services, team members and customers. */

export async function loadAppointment(id: string): Promise<Appointment> {
  return unwrap(
    await api.GET('/api/v1/appointments/{appointmentId}', {
      params: { path: { appointmentId: id } },
    }),
  )
}

/** Appointments overlapping [from, to) (instants), of one team member or all. */
export async function listAppointments(query: {
  from: string
  to: string
  teamMemberId: string | null
}): Promise<{ items: Appointment[]; truncated: boolean }> {
  return unwrap(
    await api.GET('/api/v1/appointments', {
      params: {
        query: {
          from: query.from,
          to: query.to,
          team_member_id: query.teamMemberId ?? undefined,
          limit: 2000,
        },
      },
    }),
  )
}

export async function createAppointment(input: AppointmentInput): Promise<Appointment> {
  return unwrap(await api.POST('/api/v1/appointments', { body: input }))
}

export async function updateAppointment(id: string, patch: AppointmentPatch): Promise<Appointment> {
  return unwrap(
    await api.PATCH('/api/v1/appointments/{appointmentId}', {
      params: { path: { appointmentId: id } },
      body: patch,
    }),
  )
}

export async function completeAppointment(id: string): Promise<Appointment> {
  return unwrap(
    await api.POST('/api/v1/appointments/{appointmentId}/complete', {
      params: { path: { appointmentId: id } },
    }),
  )
}

export async function markAppointmentNoShow(id: string): Promise<Appointment> {
  return unwrap(
    await api.POST('/api/v1/appointments/{appointmentId}/no-show', {
      params: { path: { appointmentId: id } },
    }),
  )
}

/** Cancels a confirmed appointment; `keepPayment` keeps what the customer paid (after the cut-off). */
export async function cancelAppointment(
  id: string,
  reason: string,
  keepPayment: boolean,
): Promise<Appointment> {
  return unwrap(
    await api.POST('/api/v1/appointments/{appointmentId}/cancel', {
      params: { path: { appointmentId: id } },
      body: keepPayment ? { reason, keep_payment: true } : { reason },
    }),
  )
}

/** Free starts of one day (business zone) for a service; all bookable members when none given. */
export async function loadDaySlots(query: {
  serviceId: string
  teamMemberId: string | null
  date: string
}): Promise<Slot[]> {
  const availability = unwrap(
    await api.GET('/api/v1/availability', {
      params: {
        query: {
          service_id: query.serviceId,
          team_member_id: query.teamMemberId ?? undefined,
          start_date: query.date,
          end_date: query.date,
        },
      },
    }),
  )
  return availability.slots
}

/** Working periods and time off of the team (or one member) for whole days, business zone. */
export async function loadSchedule(query: {
  startDate: string
  endDate: string
  teamMemberId: string | null
}): Promise<Schedule> {
  return unwrap(
    await api.GET('/api/v1/schedule', {
      params: {
        query: {
          start_date: query.startDate,
          end_date: query.endDate,
          team_member_id: query.teamMemberId ?? undefined,
        },
      },
    }),
  )
}

/** Every active service, page by page. */
export async function loadActiveServices(): Promise<Service[]> {
  const items: Service[] = []
  for (let offset = 0; ; offset += PAGE_SIZE) {
    const page = unwrap(
      await api.GET('/api/v1/services', {
        params: { query: { active: true, sort: 'name', limit: PAGE_SIZE, offset } },
      }),
    )
    items.push(...page.items)
    if (page.items.length === 0 || items.length >= page.total) return items
  }
}

/** Every team member, page by page (the API lists them by name). */
export async function loadTeam(): Promise<TeamMember[]> {
  const items: TeamMember[] = []
  for (let offset = 0; ; offset += PAGE_SIZE) {
    const page = await answeredEarly(teamPagePath(offset), async () =>
      unwrap(
        await api.GET('/api/v1/team-members', {
          params: { query: { limit: PAGE_SIZE, offset } },
        }),
      ),
    )
    items.push(...page.items)
    if (page.items.length === 0 || items.length >= page.total) return items
  }
}

/** The first customers matching a search (name, e-mail or phone), for a picker. */
export async function searchCustomers(search: string, signal?: AbortSignal): Promise<Customer[]> {
  const page = unwrap(
    await api.GET('/api/v1/customers', {
      params: { query: { search: search.trim() || undefined, sort: 'name', limit: 20 } },
      signal,
    }),
  )
  return page.items
}

export async function loadCustomer(id: string): Promise<Customer> {
  return unwrap(
    await api.GET('/api/v1/customers/{customerId}', { params: { path: { customerId: id } } }),
  )
}

/** Bookable team members who perform a service: whom an appointment can move to. */
export async function loadPerformers(serviceId: string): Promise<TeamMember[]> {
  const [serviceResult, team] = await Promise.all([
    api.GET('/api/v1/services/{serviceId}', { params: { path: { serviceId } } }),
    loadTeam(),
  ])
  const service = unwrap(serviceResult)
  return team.filter((member) => member.bookable && service.team_member_ids.includes(member.id))
}

/** Copies details typed into the online booking form into the appointment's customer record. */
export async function acceptSubmittedDetails(
  id: string,
  fields: SubmittedDetailField[],
): Promise<Appointment> {
  return unwrap(
    await api.POST('/api/v1/appointments/{appointmentId}/submitted-details/accept', {
      params: { path: { appointmentId: id } },
      body: { fields },
    }),
  )
}

export type CalendarChangeDecision = components['schemas']['CalendarChangeDecision']['decision']

/** Accepts, or turns down, a change made to the appointment's event in the member's calendar. */
export async function decideCalendarChange(
  id: string,
  decision: CalendarChangeDecision,
): Promise<Appointment> {
  return unwrap(
    await api.POST('/api/v1/appointments/{appointmentId}/calendar-change', {
      params: { path: { appointmentId: id } },
      body: { decision },
    }),
  )
}

export type CheckoutInput = components['schemas']['CheckoutInput']
export type CheckoutResult = components['schemas']['CheckoutResult']
export type TillMethod = components['schemas']['TillMethod']

/** The customer arrived: the appointment with its check-in time. */
export async function checkInAppointment(id: string): Promise<Appointment> {
  return unwrap(
    await api.POST('/api/v1/appointments/{appointmentId}/check-in', {
      params: { path: { appointmentId: id } },
    }),
  )
}

/** Clears a check-in made by mistake. */
export async function undoCheckIn(id: string): Promise<Appointment> {
  return unwrap(
    await api.DELETE('/api/v1/appointments/{appointmentId}/check-in', {
      params: { path: { appointmentId: id } },
    }),
  )
}

/** Checks the visit out at the till: what it came to and the payment taken now. */
export async function checkoutAppointment(
  id: string,
  input: CheckoutInput,
): Promise<CheckoutResult> {
  return unwrap(
    await api.POST('/api/v1/appointments/{appointmentId}/checkout', {
      params: { path: { appointmentId: id } },
      body: input,
    }),
  )
}

export type AppointmentPayments = components['schemas']['AppointmentPayments']
export type AppointmentPayment = components['schemas']['AppointmentPayment']
export type PaymentState = components['schemas']['PaymentState']
export type RefundInput = components['schemas']['RefundInput']

/** The appointment's payments, their refunds, and what cancelling it now would refund. */
export async function loadAppointmentPayments(appointmentId: string): Promise<AppointmentPayments> {
  return unwrap(
    await api.GET('/api/v1/appointments/{appointmentId}/payments', {
      params: { path: { appointmentId } },
    }),
  )
}

/**
 * Refunds (part of) a payment. `idempotencyKey` is one per intended refund, kept for its
 * retries, so a second press or a retry after a timeout never refunds twice.
 */
export async function refundAppointmentPayment(
  target: { appointmentId: string; paymentId: string },
  input: RefundInput,
  idempotencyKey: string,
): Promise<AppointmentPayments> {
  return unwrap(
    await api.POST('/api/v1/appointments/{appointmentId}/payments/{paymentId}/refunds', {
      params: { path: target, header: { 'Idempotency-Key': idempotencyKey } },
      body: input,
    }),
  )
}

export type NoShowFee = components['schemas']['NoShowFee']

/** Where the appointment's no-show fee stands (a card kept at booking, charged or not). */
export async function loadNoShowFee(appointmentId: string): Promise<NoShowFee> {
  return unwrap(
    await api.GET('/api/v1/appointments/{appointmentId}/no-show-fee', {
      params: { path: { appointmentId } },
    }),
  )
}

/**
 * Charges the no-show fee to the kept card. `key` is the charge's Idempotency-Key: the same
 * key asks about the same charge again, so a lost answer never charges twice.
 */
export async function chargeNoShowFee(appointmentId: string, key: string): Promise<NoShowFee> {
  return unwrap(
    await api.POST('/api/v1/appointments/{appointmentId}/no-show-fee', {
      params: { path: { appointmentId }, header: { 'Idempotency-Key': key } },
    }),
  )
}
