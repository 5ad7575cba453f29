import { and, asc, count, eq, gt, gte, inArray, lt, ne, type SQL, sql } from 'drizzle-orm'
import { isBooking, takesTimeAt, takesTimeInConstraint } from '../appointment-occupancy.ts'
import type { Db } from '../database.ts'
import {
  appointments,
  customers,
  services,
  serviceTeamMembers,
  teamMembers,
  tenantSettings,
  tenants,
} from '../schema.ts'

export type AppointmentRow = typeof appointments.$inferSelect
export type NewAppointment = typeof appointments.$inferInsert
export type AppointmentChanges = Partial<
  Omit<NewAppointment, 'id' | 'tenantId' | 'createdAt' | 'updatedAt'>
>
export type ServiceRow = typeof services.$inferSelect

/** The business settings booking and availability read. */
export interface BusinessPolicy {
  timeZone: string
  currency: string
  slotIntervalMinutes: number
  minNoticeMinutes: number
  bookingWindowDays: number
  /** How long a booking that must be paid holds its time while the customer pays. */
  paymentHoldMinutes: number
}

/** The columns a BusinessPolicy is read from (tenants left-joined with their settings). */
const policyColumns = {
  timeZone: tenants.timeZone,
  currency: tenants.currency,
  slotIntervalMinutes: tenantSettings.slotIntervalMinutes,
  minNoticeMinutes: tenantSettings.minNoticeMinutes,
  bookingWindowDays: tenantSettings.bookingWindowDays,
  paymentHoldMinutes: tenantSettings.paymentHoldMinutes,
}

/** The policy's columns as read: the settings' are null for a business without a settings row. */
type PolicyRow = Pick<BusinessPolicy, 'timeZone' | 'currency'> & {
  [K in Exclude<keyof BusinessPolicy, 'timeZone' | 'currency'>]: number | null
}

/** The policy from its columns; a business without a settings row has the defaults. */
function policyFrom(row: PolicyRow): BusinessPolicy {
  return {
    timeZone: row.timeZone,
    currency: row.currency,
    slotIntervalMinutes: row.slotIntervalMinutes ?? 15,
    minNoticeMinutes: row.minNoticeMinutes ?? 120,
    bookingWindowDays: row.bookingWindowDays ?? 60,
    paymentHoldMinutes: row.paymentHoldMinutes ?? 10,
  }
}

/** A team member as a booking checks them: bookable, and performing the service booked. */
export interface BookingMember {
  id: string
  name: string
  bookable: boolean
  performs: boolean
}

/** Appointments of one business, and the records a booking refers to. Scoped by tenant. */
export function createAppointmentRepository(db: Db) {
  /** Whether any appointment matches. */
  async function appointmentExists(where: SQL | undefined): Promise<boolean> {
    const [row] = await db.select({ id: appointments.id }).from(appointments).where(where).limit(1)
    return row !== undefined
  }

  const inTenant = (tenantId: string, id: string) =>
    and(eq(appointments.tenantId, tenantId), eq(appointments.id, id))

  return {
    /** The business's time zone, currency and booking policy (defaults without a settings row). */
    async policy(tenantId: string): Promise<BusinessPolicy> {
      const [row] = await db
        .select({
          ...policyColumns,
        })
        .from(tenants)
        .leftJoin(tenantSettings, eq(tenantSettings.tenantId, tenants.id))
        .where(eq(tenants.id, tenantId))
      if (!row) throw new Error(`Tenant ${tenantId} not found.`)
      return policyFrom(row)
    },

    /**
     * What a booking checks first, in one statement: the service (`service`), the policy
     * (`policy`) and, when one is named, the team member (`teamMember`), each as those read it.
     */
    async bookingBasics(
      tenantId: string,
      serviceId: string,
      teamMemberId: string | undefined,
    ): Promise<{
      service: ServiceRow | undefined
      policy: BusinessPolicy
      teamMember: BookingMember | undefined
    }> {
      const [row] = await db
        .select({
          ...policyColumns,
          service: services,
          memberId: teamMembers.id,
          memberName: teamMembers.name,
          memberBookable: teamMembers.bookable,
          memberPerforms: sql<boolean>`exists (select 1 from ${serviceTeamMembers}
            where ${serviceTeamMembers.tenantId} = ${teamMembers.tenantId}
              and ${serviceTeamMembers.teamMemberId} = ${teamMembers.id}
              and ${serviceTeamMembers.serviceId} = ${serviceId})`,
        })
        .from(tenants)
        .leftJoin(tenantSettings, eq(tenantSettings.tenantId, tenants.id))
        .leftJoin(services, and(eq(services.tenantId, tenants.id), eq(services.id, serviceId)))
        .leftJoin(
          teamMembers,
          teamMemberId === undefined
            ? sql`false`
            : and(eq(teamMembers.tenantId, tenants.id), eq(teamMembers.id, teamMemberId)),
        )
        .where(eq(tenants.id, tenantId))
      if (!row) throw new Error(`Tenant ${tenantId} not found.`)
      return {
        service: row.service ?? undefined,
        policy: policyFrom(row),
        teamMember:
          row.memberId === null || row.memberName === null || row.memberBookable === null
            ? undefined
            : {
                id: row.memberId,
                name: row.memberName,
                bookable: row.memberBookable,
                performs: row.memberPerforms,
              },
      }
    },

    async service(tenantId: string, id: string): Promise<ServiceRow | undefined> {
      const [row] = await db
        .select()
        .from(services)
        .where(and(eq(services.tenantId, tenantId), eq(services.id, id)))
      return row
    },

    async customer(tenantId: string, id: string) {
      const [row] = await db
        .select({ id: customers.id, name: customers.name })
        .from(customers)
        .where(and(eq(customers.tenantId, tenantId), eq(customers.id, id)))
      return row
    },

    /** The team member, with whether they are bookable and perform the service. */
    async teamMember(
      tenantId: string,
      id: string,
      serviceId: string,
    ): Promise<BookingMember | undefined> {
      const [row] = await db
        .select({
          id: teamMembers.id,
          name: teamMembers.name,
          bookable: teamMembers.bookable,
          // A join, not an exists in the select: drizzle leaves the columns of a one-table
          // select unqualified, so "tenant_id" there would be the link row's own.
          performs: sql<boolean>`${serviceTeamMembers.serviceId} is not null`,
        })
        .from(teamMembers)
        .leftJoin(
          serviceTeamMembers,
          and(
            eq(serviceTeamMembers.tenantId, teamMembers.tenantId),
            eq(serviceTeamMembers.teamMemberId, teamMembers.id),
            eq(serviceTeamMembers.serviceId, serviceId),
          ),
        )
        .where(and(eq(teamMembers.tenantId, tenantId), eq(teamMembers.id, id)))
      return row
    },

    async teamMemberExists(tenantId: string, id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: teamMembers.id })
        .from(teamMembers)
        .where(and(eq(teamMembers.tenantId, tenantId), eq(teamMembers.id, id)))
      return row !== undefined
    },

    async customerExists(tenantId: string, id: string): Promise<boolean> {
      return (await this.customer(tenantId, id)) !== undefined
    },

    /** The appointment, optionally row-locked until the transaction ends (before a change). */
    async find(
      tenantId: string,
      id: string,
      options: { lock?: boolean } = {},
    ): Promise<AppointmentRow | undefined> {
      const query = db.select().from(appointments).where(inTenant(tenantId, id))
      const [row] = options.lock ? await query.for('update') : await query
      return row
    },

    async insert(values: NewAppointment): Promise<void> {
      await db.insert(appointments).values(values)
    },

    async update(tenantId: string, id: string, values: AppointmentChanges): Promise<void> {
      await db
        .update(appointments)
        .set({ ...values, updatedAt: sql`now()` })
        .where(inTenant(tenantId, id))
    },

    /**
     * Queues the bookings and moves onto one team member's schedule until the transaction
     * ends. Without it, two racing inserts each find the other's uncommitted row in the
     * exclusion constraint and wait for each other: PostgreSQL breaks each such deadlock only
     * after `deadlock_timeout` (1 s), and fifty racers make a storm of them. Under the lock the
     * next booking reads the committed winner, so it gets its 409 at once; the last seats of a
     * group session are counted under it too. The constraint stays the guarantee.
     */
    async lockSchedule(teamMemberId: string): Promise<void> {
      await db.execute(
        sql`select pg_advisory_xact_lock(hashtext('appointments'), hashtext(${teamMemberId}))`,
      )
    },

    /**
     * Seats of the member's session that take their time (a live hold takes its seat), not
     * counting `exceptId`. Call after `expireDueHolds`, under the schedule lock.
     */
    async countSeats(
      tenantId: string,
      teamMemberId: string,
      seatGroup: string,
      startsAt: Date,
      exceptId: string,
    ): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(appointments)
        .where(
          and(
            eq(appointments.tenantId, tenantId),
            eq(appointments.teamMemberId, teamMemberId),
            eq(appointments.startsAt, startsAt),
            eq(appointments.seatGroup, seatGroup),
            takesTimeInConstraint,
            ne(appointments.id, exceptId),
          ),
        )
      return row?.n ?? 0
    },

    /** Whether any seat of the session was booked with the working-hours override. */
    async sessionOutsideWorkingHours(
      tenantId: string,
      teamMemberId: string,
      seatGroup: string,
    ): Promise<boolean> {
      return appointmentExists(
        and(
          eq(appointments.tenantId, tenantId),
          eq(appointments.teamMemberId, teamMemberId),
          eq(appointments.seatGroup, seatGroup),
          takesTimeInConstraint,
          eq(appointments.outsideWorkingHours, true),
        ),
      )
    },

    /**
     * Whether the appointment still takes this member, service and start at `at` (a hold
     * only until it ends).
     */
    async stillBooked(
      tenantId: string,
      booked: { id: string; teamMemberId: string; serviceId: string; startsAt: Date },
      at: Date = new Date(),
    ): Promise<boolean> {
      return appointmentExists(
        and(
          eq(appointments.tenantId, tenantId),
          eq(appointments.id, booked.id),
          takesTimeAt(at),
          eq(appointments.teamMemberId, booked.teamMemberId),
          eq(appointments.serviceId, booked.serviceId),
          eq(appointments.startsAt, booked.startsAt),
        ),
      )
    },

    /**
     * The appointment of the member, taking its time as the constraint counts, whose busy range overlaps [busyFrom,
     * busyUntil) and is not in `seatGroup` (what the exclusion constraint objects to), earliest
     * first; undefined when none is left.
     */
    async findBlocking(
      tenantId: string,
      clash: {
        teamMemberId: string
        busyFrom: Date
        busyUntil: Date
        seatGroup: string
        exceptId: string
      },
    ): Promise<string | undefined> {
      const [row] = await db
        .select({ id: appointments.id })
        .from(appointments)
        .where(
          and(
            eq(appointments.tenantId, tenantId),
            eq(appointments.teamMemberId, clash.teamMemberId),
            takesTimeInConstraint,
            lt(appointments.busyFrom, clash.busyUntil),
            gt(appointments.busyUntil, clash.busyFrom),
            ne(appointments.seatGroup, clash.seatGroup),
            ne(appointments.id, clash.exceptId),
          ),
        )
        .orderBy(asc(appointments.busyFrom))
        .limit(1)
      return row?.id
    },

    /**
     * The dashboard's count over appointments starting in [from, to): how many bookings (not
     * cancelled, and not a payment hold, live or expired). Revenue is money, not bookings:
     * `loadTakings` in `read-models/payment-views.ts`.
     */
    async totals(tenantId: string, from: Date, to: Date) {
      const [row] = await db
        .select({
          count: sql<number>`count(*) filter (where ${isBooking})::int`,
        })
        .from(appointments)
        .where(
          and(
            eq(appointments.tenantId, tenantId),
            gte(appointments.startsAt, from),
            lt(appointments.startsAt, to),
          ),
        )
      return { count: Number(row?.count ?? 0) }
    },

    /** Completed and no-show appointments starting in [from, to), by status. */
    async attendance(tenantId: string, from: Date, to: Date) {
      const rows = await db
        .select({ status: appointments.status, n: count() })
        .from(appointments)
        .where(
          and(
            eq(appointments.tenantId, tenantId),
            gte(appointments.startsAt, from),
            lt(appointments.startsAt, to),
            inArray(appointments.status, ['completed', 'no_show']),
          ),
        )
        .groupBy(appointments.status)
      const of = (status: string) => rows.find((row) => row.status === status)?.n ?? 0
      return { completed: of('completed'), noShows: of('no_show') }
    },
  }
}
