import { and, asc, eq, gte, inArray, type SQL, sql } from 'drizzle-orm'
import { DEFAULT_LANGUAGE, type Language } from '../../../shared/languages.ts'
import type { BookingAnswer } from '../../domain/booking-questions.ts'
import {
  appointmentCustomer,
  appointmentService,
  appointmentTeamMember,
} from '../appointment-joins.ts'
import type { Db } from '../database.ts'
import {
  appointments,
  customers,
  services,
  teamMembers,
  tenantSettings,
  tenants,
} from '../schema.ts'

/** The column default of tenant_settings.reminder_lead_minutes: a day. */
const DEFAULT_REMINDER_LEAD_MINUTES = 1440

/**
 * Everything the e-mails and calendar events of one appointment are written from: the
 * appointment with its business, service, team member and customer in one read.
 */
export interface AppointmentDetails {
  id: string
  tenantId: string
  status: (typeof appointments.$inferSelect)['status']
  icsSequence: number
  startsAt: Date
  endsAt: Date
  notes: string
  cancelReason: string | null
  customerTimeZone: string | null
  /** The language the customer booked in; null for staff bookings (the business's default). */
  customerLanguage: Language | null
  business: {
    name: string
    slug: string
    address: string
    phone: string
    email: string | null
    timeZone: string
    locale: string
    /** The language of customer e-mails when the booking recorded none. */
    defaultLanguage: Language
    /** The business's setting for e-mails to customers (see the notifier). */
    confirmationEmail: boolean
    /** How long before the start the reminder goes out. */
    reminderLeadMinutes: number
  }
  serviceName: string
  member: { id: string; name: string; email: string | null; timeZone: string }
  customer: { name: string; email: string | null }
  /** Answers to the service's booking questions, with the labels as asked; empty for none. */
  bookingAnswers: BookingAnswer[]
}

function select(db: Db) {
  return db
    .select({
      row: appointments,
      business: {
        name: tenants.name,
        slug: tenants.slug,
        address: tenants.address,
        phone: tenants.phone,
        email: tenants.email,
        timeZone: tenants.timeZone,
        locale: tenants.locale,
      },
      confirmationEmail: tenantSettings.confirmationEmail,
      defaultLanguage: tenantSettings.defaultLanguage,
      reminderLeadMinutes: tenantSettings.reminderLeadMinutes,
      serviceName: services.name,
      member: {
        id: teamMembers.id,
        name: teamMembers.name,
        email: teamMembers.email,
        timeZone: teamMembers.timeZone,
      },
      customer: {
        // The name typed into the booking form, for an online booking: what the business holds
        // about the customer its e-mail matched is not for whoever typed that address.
        name: sql<string>`coalesce(${appointments.submittedName}, ${customers.name})`,
        email: customers.email,
      },
    })
    .from(appointments)
    .innerJoin(tenants, eq(tenants.id, appointments.tenantId))
    .leftJoin(tenantSettings, eq(tenantSettings.tenantId, appointments.tenantId))
    .innerJoin(services, appointmentService())
    .innerJoin(teamMembers, appointmentTeamMember())
    .innerJoin(customers, appointmentCustomer())
}

/** An appointment with what its e-mails join to it (see `select`). */
export type DetailsJoinedRow = Awaited<ReturnType<ReturnType<typeof select>['where']>>[number]

export function toDetails({
  row,
  business,
  confirmationEmail,
  reminderLeadMinutes,
  defaultLanguage,
  ...rest
}: DetailsJoinedRow): AppointmentDetails {
  return {
    id: row.id,
    tenantId: row.tenantId,
    status: row.status,
    icsSequence: row.icsSequence,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    notes: row.notes,
    cancelReason: row.cancelReason,
    customerTimeZone: row.customerTimeZone,
    customerLanguage: row.customerLanguage,
    bookingAnswers: row.bookingAnswers ?? [],
    // No settings row yet means the defaults, which send e-mails.
    business: {
      ...business,
      confirmationEmail: confirmationEmail ?? true,
      reminderLeadMinutes: reminderLeadMinutes ?? DEFAULT_REMINDER_LEAD_MINUTES,
      defaultLanguage: defaultLanguage ?? DEFAULT_LANGUAGE,
    },
    ...rest,
  }
}

async function query(db: Db, where: SQL | undefined): Promise<AppointmentDetails[]> {
  const rows = await select(db).where(where).orderBy(asc(appointments.startsAt))
  return rows.map(toDetails)
}

export async function loadAppointmentDetails(
  db: Db,
  tenantId: string,
  appointmentId: string,
): Promise<AppointmentDetails | null> {
  const [details] = await query(
    db,
    and(eq(appointments.tenantId, tenantId), eq(appointments.id, appointmentId)),
  )
  return details ?? null
}

/**
 * A team member's bookings that still hold their time, starting from `from` on (not a payment
 * hold: that reaches the member's calendar once it is paid).
 */
export function loadMemberAppointments(
  db: Db,
  tenantId: string,
  teamMemberId: string,
  from: Date,
): Promise<AppointmentDetails[]> {
  return query(
    db,
    and(
      eq(appointments.tenantId, tenantId),
      eq(appointments.teamMemberId, teamMemberId),
      inArray(appointments.status, ['confirmed', 'completed', 'no_show']),
      gte(appointments.startsAt, from),
    ),
  )
}

/** A team member's name and address, for telling them an appointment was taken off them. */
export async function loadTeamMemberRecipient(
  db: Db,
  tenantId: string,
  teamMemberId: string,
): Promise<AppointmentDetails['member'] | null> {
  const [member] = await db
    .select({
      id: teamMembers.id,
      name: teamMembers.name,
      email: teamMembers.email,
      timeZone: teamMembers.timeZone,
    })
    .from(teamMembers)
    .where(and(eq(teamMembers.tenantId, tenantId), eq(teamMembers.id, teamMemberId)))
  return member ?? null
}
