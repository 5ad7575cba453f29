import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm'
import {
  appointmentCustomer,
  appointmentService,
  appointmentTeamMember,
} from '../appointment-joins.ts'
import type { Db } from '../database.ts'
import {
  appointments,
  customers,
  idempotencyKeys,
  services,
  serviceTeamMembers,
  teamMembers,
  tenantSettings,
} from '../schema.ts'

export type PublicServiceRow = Pick<
  typeof services.$inferSelect,
  | 'id'
  | 'name'
  | 'description'
  | 'category'
  | 'durationMinutes'
  | 'priceMinor'
  | 'currency'
  | 'color'
  | 'capacity'
  | 'bookingQuestions'
  | 'paymentRule'
  | 'depositAmountMinor'
  | 'depositPercent'
  | 'noShowFeeMinor'
>

export type PublicMemberRow = Pick<typeof teamMembers.$inferSelect, 'id' | 'name' | 'slug' | 'bio'>

/** What the booking pages may list: active services and bookable members, and who does what. */
export interface Catalog {
  services: PublicServiceRow[]
  members: PublicMemberRow[]
  /** Pairs of an active service and a bookable member who performs it. */
  performs: { serviceId: string; teamMemberId: string }[]
  /** The business's cancellation cut-off: the refund rule of paid bookings follows it. */
  cancellationCutoffMinutes: number
}

/** An appointment with what its customer may see of the records it refers to. */
export interface PublicAppointmentRow {
  row: typeof appointments.$inferSelect
  serviceName: string
  teamMemberName: string
  teamMemberSlug: string
  /** As typed into the booking form; the customer record's only for staff bookings. */
  customerName: string
  /** As typed into the booking form; the customer record's only for staff bookings. */
  customerEmail: string | null
  /** The customer's data was erased: their manage links open nothing any more. */
  customerErased: boolean
}

type CustomerRow = typeof customers.$inferSelect

/** Reads and writes of the public booking API, every one scoped by the business's tenant id. */
export function createPublicBookingRepository(db: Db) {
  const appointmentSelect = () =>
    db
      .select({
        row: appointments,
        serviceName: services.name,
        teamMemberName: teamMembers.name,
        teamMemberSlug: teamMembers.slug,
        // An online booking shows what its visitor typed, never what the business holds
        // about the customer its e-mail matched.
        customerName: sql<string>`coalesce(${appointments.submittedName}, ${customers.name})`,
        customerEmail: sql<
          string | null
        >`coalesce(${appointments.submittedEmail}, ${customers.email})`,
        customerErased: sql<boolean>`${customers.erasedAt} is not null`,
      })
      .from(appointments)
      .innerJoin(services, appointmentService())
      .innerJoin(teamMembers, appointmentTeamMember())
      .innerJoin(customers, appointmentCustomer())

  return {
    async catalog(tenantId: string): Promise<Catalog> {
      const serviceRows = await db
        .select({
          id: services.id,
          name: services.name,
          description: services.description,
          category: services.category,
          durationMinutes: services.durationMinutes,
          priceMinor: services.priceMinor,
          currency: services.currency,
          color: services.color,
          capacity: services.capacity,
          bookingQuestions: services.bookingQuestions,
          paymentRule: services.paymentRule,
          depositAmountMinor: services.depositAmountMinor,
          depositPercent: services.depositPercent,
          noShowFeeMinor: services.noShowFeeMinor,
        })
        .from(services)
        .where(and(eq(services.tenantId, tenantId), eq(services.active, true)))
      const members = await db
        .select({
          id: teamMembers.id,
          name: teamMembers.name,
          slug: teamMembers.slug,
          bio: teamMembers.bio,
        })
        .from(teamMembers)
        .where(and(eq(teamMembers.tenantId, tenantId), eq(teamMembers.bookable, true)))
      const performs = await db
        .select({
          serviceId: serviceTeamMembers.serviceId,
          teamMemberId: serviceTeamMembers.teamMemberId,
        })
        .from(serviceTeamMembers)
        .innerJoin(
          services,
          and(
            eq(services.tenantId, serviceTeamMembers.tenantId),
            eq(services.id, serviceTeamMembers.serviceId),
          ),
        )
        .innerJoin(
          teamMembers,
          and(
            eq(teamMembers.tenantId, serviceTeamMembers.tenantId),
            eq(teamMembers.id, serviceTeamMembers.teamMemberId),
          ),
        )
        .where(
          and(
            eq(serviceTeamMembers.tenantId, tenantId),
            eq(services.active, true),
            eq(teamMembers.bookable, true),
          ),
        )
      const [settings] = await db
        .select({ cancellationCutoffMinutes: tenantSettings.cancellationCutoffMinutes })
        .from(tenantSettings)
        .where(eq(tenantSettings.tenantId, tenantId))
      return {
        services: serviceRows,
        members,
        performs,
        cancellationCutoffMinutes: settings?.cancellationCutoffMinutes ?? 1440,
      }
    },

    async appointment(tenantId: string, id: string): Promise<PublicAppointmentRow | undefined> {
      const [row] = await appointmentSelect()
        .where(and(eq(appointments.tenantId, tenantId), eq(appointments.id, id)))
        .limit(1)
      return row
    },

    /** The customer's appointments, by start. */
    async appointmentsOf(tenantId: string, customerId: string): Promise<PublicAppointmentRow[]> {
      return appointmentSelect()
        .where(and(eq(appointments.tenantId, tenantId), eq(appointments.customerId, customerId)))
        .orderBy(asc(appointments.startsAt), asc(appointments.id))
    },

    /** The business's customer with this e-mail address, whatever its letter case. */
    async customerByEmail(tenantId: string, email: string): Promise<CustomerRow | undefined> {
      const [row] = await db
        .select()
        .from(customers)
        .where(
          and(eq(customers.tenantId, tenantId), sql`lower(${customers.email}) = lower(${email})`),
        )
        .limit(1)
      return row
    },

    /**
     * The customer with this e-mail (any letter case), inserted with `values` when there is
     * none, in one statement: `created` says which. Undefined when a concurrent booking
     * inserted that e-mail's record while this ran (this statement's snapshot cannot see
     * it): read it with `customerByEmail` then.
     */
    async customerByEmailOrInsert(
      tenantId: string,
      values: Pick<CustomerRow, 'name' | 'email' | 'phone' | 'timeZone'> & { email: string },
    ): Promise<{ row: CustomerRow; created: boolean } | undefined> {
      // The unique index on (tenant, lower(email)) makes the insert do nothing for a known
      // address; the existing record is then the one read beside it.
      const insert = db
        .insert(customers)
        .values({ ...values, tenantId })
        .onConflictDoNothing()
        .returning()
      const columns = sql.join(
        Object.values(getTableColumns(customers)).map((column) => sql.identifier(column.name)),
        sql`, `,
      )
      const result = (await db.execute(sql`with inserted as (${insert.getSQL()})
        (select ${columns}, false as created from ${customers}
          where ${customers.tenantId} = ${tenantId} and lower(${customers.email}) = lower(${values.email})
          limit 1)
        union all (select ${columns}, true as created from inserted)`)) as unknown as {
        rows: Record<string, unknown>[]
      }
      const [first] = result.rows
      return first ? { row: customerFromDriver(first), created: first.created === true } : undefined
    },

    /** Inserts the customer unless one with the e-mail exists (a concurrent booking's). */
    async insertCustomerIfNew(
      tenantId: string,
      values: Pick<CustomerRow, 'name' | 'email' | 'phone' | 'timeZone'>,
    ): Promise<CustomerRow | undefined> {
      const [row] = await db
        .insert(customers)
        .values({ ...values, tenantId })
        .onConflictDoNothing()
        .returning()
      return row
    },
  }
}

/** The `idempotency_keys` rows: one per business, scope and key. */
export function createIdempotencyRepository(db: Db) {
  const entry = (tenantId: string, scope: string, key: string) =>
    and(
      eq(idempotencyKeys.tenantId, tenantId),
      eq(idempotencyKeys.scope, scope),
      eq(idempotencyKeys.key, key),
    )
  return {
    /** Claims the key with a placeholder; false when someone holds it already. */
    async claim(
      row: Pick<
        typeof idempotencyKeys.$inferInsert,
        'tenantId' | 'scope' | 'key' | 'requestHash' | 'statusCode'
      >,
    ): Promise<boolean> {
      const inserted = await db
        .insert(idempotencyKeys)
        .values({ ...row, response: {} })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key })
      return inserted.length > 0
    },

    async find(tenantId: string, scope: string, key: string) {
      const [row] = await db
        .select({
          requestHash: idempotencyKeys.requestHash,
          statusCode: idempotencyKeys.statusCode,
          response: idempotencyKeys.response,
          ageMs: sql<number>`(extract(epoch from now() - ${idempotencyKeys.createdAt}) * 1000)::float8`,
        })
        .from(idempotencyKeys)
        .where(entry(tenantId, scope, key))
      return row
    },

    async complete(
      tenantId: string,
      scope: string,
      key: string,
      outcome: { statusCode: number; response: unknown },
    ): Promise<void> {
      await db
        .update(idempotencyKeys)
        .set(outcome)
        .where(entry(tenantId, scope, key))
    },

    /** Drops the key if it still has this status (a placeholder whose request failed or died). */
    async release(tenantId: string, scope: string, key: string, statusCode: number) {
      await db
        .delete(idempotencyKeys)
        .where(and(entry(tenantId, scope, key), eq(idempotencyKeys.statusCode, statusCode)))
    },

    async deleteOlderThan(ageMs: number): Promise<void> {
      await db
        .delete(idempotencyKeys)
        .where(sql`${idempotencyKeys.createdAt} < now() - ${ageMs} * interval '1 millisecond'`)
    },
  }
}

/** A customers row as the driver hands it over in a raw statement, mapped as drizzle maps it. */
function customerFromDriver(raw: Record<string, unknown>): CustomerRow {
  const row: Record<string, unknown> = {}
  for (const [key, column] of Object.entries(getTableColumns(customers))) {
    const value = raw[column.name]
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value)
  }
  return row as CustomerRow
}
