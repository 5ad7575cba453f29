import { and, eq, sql, type WithSubquery } from 'drizzle-orm'
import type { components } from '../../../shared/contract/schema.d.ts'
import { isSeatGroupKey } from '../../domain/seat-group.ts'
import {
  appointmentCustomer,
  appointmentService,
  appointmentTeamMember,
} from '../appointment-joins.ts'
import type { Db } from '../database.ts'
import type { PublicAppointmentRow } from '../repositories/public-booking-repository.ts'
import { createSettingsRepository, type SettingsRow } from '../repositories/settings-repository.ts'
import {
  appointments,
  customers,
  services,
  teamMembers,
  tenantSettings,
  tenants,
} from '../schema.ts'
import { type AppointmentDetails, toDetails } from './appointment-details.ts'
import { seatsBooked, toAppointment } from './appointment-views.ts'

type Appointment = components['schemas']['Appointment']

/**
 * A booking just inserted, read back once for everything that tells of it in its transaction:
 * the contract's view (the booking's answer, activity entry and coalescer), the e-mails'
 * details and the customer's view with the business's settings (the public answer). Each is
 * exactly what its own read (`loadAppointment`, `loadAppointmentDetails`, the public booking
 * repository's `appointment` with the settings) answers at that moment; one joined statement
 * instead of six.
 */
export interface BookedAppointment {
  appointment: Appointment
  details: AppointmentDetails
  publicRow: PublicAppointmentRow
  settings: SettingsRow
}

/**
 * The booking `id` inserted earlier in the same transaction `db`. It has no payment yet: a
 * payment refers to its appointment, and none can be written for one that is not committed
 * but by this transaction after this read (a hold's payment), so `payment` is null as
 * `loadAppointment` would answer.
 */
export async function loadBookedAppointment(
  db: Db,
  tenantId: string,
  id: string,
): Promise<BookedAppointment | null> {
  const [joined] = await bookedSelect(db)
    .where(and(eq(appointments.tenantId, tenantId), eq(appointments.id, id)))
    .limit(1)
  return joined ? toBooked(db, joined) : null
}

/**
 * Inserts a one-seat booking and reads it back as `loadBookedAppointment` does, in one
 * statement: the insert is a WITH named like the table, so the read's `appointments` is the
 * row just inserted. Not for a seat of a group session, whose seat count reads the table
 * (which the statement's own insert is not part of).
 */
export async function insertBookedAppointment(
  db: Db,
  values: typeof appointments.$inferInsert,
): Promise<BookedAppointment> {
  if (values.seatGroup && isSeatGroupKey(values.seatGroup)) {
    throw new Error('A seat of a group session is inserted and read in two statements.')
  }
  const inserted = db.$with('appointments').as(db.insert(appointments).values(values).returning())
  const [joined] = await bookedSelect(db, inserted).limit(1)
  if (!joined) throw new Error(`Appointment ${values.id} was inserted but not read back.`)
  return toBooked(db, joined)
}

function bookedSelect(db: Db, inserted?: WithSubquery) {
  return (inserted ? db.with(inserted) : db)
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
      settings: tenantSettings,
      serviceName: services.name,
      serviceColor: services.color,
      serviceCapacity: services.capacity,
      member: {
        id: teamMembers.id,
        name: teamMembers.name,
        slug: teamMembers.slug,
        email: teamMembers.email,
        timeZone: teamMembers.timeZone,
      },
      customerName: customers.name,
      customerEmail: customers.email,
      customerPhone: customers.phone,
      customerTimeZone: customers.timeZone,
      customerErased: sql<boolean>`${customers.erasedAt} is not null`,
      seatsBooked,
    })
    .from(appointments)
    .innerJoin(tenants, eq(tenants.id, appointments.tenantId))
    .leftJoin(tenantSettings, eq(tenantSettings.tenantId, appointments.tenantId))
    .innerJoin(services, appointmentService())
    .innerJoin(teamMembers, appointmentTeamMember())
    .innerJoin(customers, appointmentCustomer())
}

type BookedJoinedRow = Awaited<ReturnType<ReturnType<typeof bookedSelect>['where']>>[number]

async function toBooked(db: Db, joined: BookedJoinedRow): Promise<BookedAppointment> {
  const { row, business, member } = joined
  // What was typed into the booking form wins, as in the e-mails' and the public views' reads.
  const shownName = row.submittedName ?? joined.customerName
  const appointment = toAppointment(
    {
      row,
      serviceName: joined.serviceName,
      serviceColor: joined.serviceColor,
      serviceCapacity: joined.serviceCapacity,
      teamMemberName: member.name,
      customerName: joined.customerName,
      customerEmail: joined.customerEmail,
      customerPhone: joined.customerPhone,
      customerTimeZone: joined.customerTimeZone,
      seatsBooked: joined.seatsBooked,
      // Just booked: nobody has checked it out, and its event is not written yet.
      checkedOutAt: null,
      calendarChange: null,
    },
    undefined,
  )
  const details = toDetails({
    row,
    business,
    confirmationEmail: joined.settings?.confirmationEmail ?? null,
    defaultLanguage: joined.settings?.defaultLanguage ?? null,
    reminderLeadMinutes: joined.settings?.reminderLeadMinutes ?? null,
    serviceName: joined.serviceName,
    member: { id: member.id, name: member.name, email: member.email, timeZone: member.timeZone },
    customer: { name: shownName, email: joined.customerEmail },
  })
  const publicRow: PublicAppointmentRow = {
    row,
    serviceName: joined.serviceName,
    teamMemberName: member.name,
    teamMemberSlug: member.slug,
    customerName: shownName,
    customerEmail: row.submittedEmail ?? joined.customerEmail,
    customerErased: joined.customerErased,
  }
  // Every business has its settings row; one without gets it as the settings read would.
  const settings = joined.settings ?? (await createSettingsRepository(db).get(row.tenantId))
  return { appointment, details, publicRow, settings }
}
