import { and, asc, eq, sql } from 'drizzle-orm'
import type { Db } from '../database.ts'
import { services, tenants } from '../schema.ts'

/** What a new business has set up, each fact read from its data (see setup-checklist-service). */
export interface SetupProgress {
  /** Someone bookable has at least one working day. */
  hasWorkingHours: boolean
  /** An active service someone bookable performs. */
  hasBookableService: boolean
  /** A customer booked on the booking page: the link reached someone. */
  hasOnlineBooking: boolean
  /** The business's Stripe account takes charges. */
  hasActivePaymentAccount: boolean
  /** More than one team member: the owner is not alone. */
  hasTeam: boolean
  dismissed: boolean
}

/**
 * The SQL test for "a bookable team member performs this service": the one rule behind the
 * checklist's unbookable services and a service's `bookable_online`, as the public catalogue
 * lists services (`public-booking-repository.ts`). The outer row's columns are named with
 * their table: drizzle leaves them bare in a one-table select, where the subquery's own
 * `tenant_id` and `id` would win.
 */
export const performedBySomeoneBookable = sql`exists (
  select 1 from service_team_members stm
  join team_members tm on tm.tenant_id = stm.tenant_id and tm.id = stm.team_member_id
  where stm.tenant_id = "services"."tenant_id" and stm.service_id = "services"."id"
    and tm.bookable)`

/** The business's set-up facts in one statement; null for no such business. */
export async function loadSetupProgress(db: Db, tenantId: string): Promise<SetupProgress | null> {
  const [row] = await db
    .select({
      hasWorkingHours: sql<boolean>`exists (select 1 from team_members tm
        where tm.tenant_id = ${tenantId} and tm.bookable
          and jsonb_array_length(tm.working_hours) > 0)`,
      hasBookableService: sql<boolean>`exists (select 1 from services s
        where s.tenant_id = ${tenantId} and s.active and exists (
          select 1 from service_team_members stm
          join team_members tm on tm.tenant_id = stm.tenant_id and tm.id = stm.team_member_id
          where stm.tenant_id = s.tenant_id and stm.service_id = s.id and tm.bookable))`,
      hasOnlineBooking: sql<boolean>`exists (select 1 from appointments a
        where a.tenant_id = ${tenantId} and a.source = 'public')`,
      hasActivePaymentAccount: sql<boolean>`exists (select 1 from payment_accounts pa
        where pa.tenant_id = ${tenantId} and pa.status = 'active')`,
      hasTeam: sql<boolean>`(select count(*) from team_members tm
        where tm.tenant_id = ${tenantId}) > 1`,
      dismissedAt: tenants.setupChecklistDismissedAt,
    })
    .from(tenants)
    .where(eq(tenants.id, tenantId))
  if (!row) return null
  const { dismissedAt, ...facts } = row
  return { ...facts, dismissed: dismissedAt !== null }
}

/** Active services nobody bookable performs, by name: customers cannot book them online. */
export async function loadUnbookableServices(
  db: Db,
  tenantId: string,
): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: services.id, name: services.name })
    .from(services)
    .where(
      and(
        eq(services.tenantId, tenantId),
        eq(services.active, true),
        sql`not ${performedBySomeoneBookable}`,
      ),
    )
    .orderBy(asc(sql`lower(${services.name})`), asc(services.id))
}
