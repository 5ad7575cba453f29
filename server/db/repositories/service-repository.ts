import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import { appointmentCountsWhere } from '../appointment-occupancy.ts'
import type { Db } from '../database.ts'
import { performedBySomeoneBookable } from '../read-models/setup-progress.ts'
import { appointments, services, serviceTeamMembers, tenants } from '../schema.ts'
import { readAssignments } from './service-assignments.ts'

export type ServiceRow = typeof services.$inferSelect
export type NewService = Omit<typeof services.$inferInsert, 'id' | 'tenantId'>
/**
 * A service with the team members who perform it (ids sorted, so two reads compare equal) and
 * whether customers can book it online: active, and someone bookable performs it.
 */
export type ServiceRecord = ServiceRow & { teamMemberIds: string[]; bookableOnline: boolean }

export type ServiceSort = 'name' | '-name' | 'price' | '-price' | 'duration' | '-duration'

export interface ServiceQuery {
  search?: string
  active?: boolean
  sort: ServiceSort
  limit: number
  offset: number
}

/** Services of one business. Every method takes the tenant id and never reaches past it. */
export function createServiceRepository(db: Db) {
  async function withTeam(rows: ServiceRow[]): Promise<ServiceRecord[]> {
    const first = rows[0]
    if (!first) return []
    const ids = rows.map((row) => row.id)
    const [teams, performed] = await Promise.all([
      readAssignments(db, first.tenantId, 'service', ids),
      db
        .select({ id: services.id })
        .from(services)
        .where(
          and(
            eq(services.tenantId, first.tenantId),
            inArray(services.id, ids),
            performedBySomeoneBookable,
          ),
        ),
    ])
    const bookable = new Set(performed.map((row) => row.id))
    return rows.map((row) => ({
      ...row,
      teamMemberIds: teams.get(row.id) ?? [],
      bookableOnline: row.active && bookable.has(row.id),
    }))
  }

  return {
    /** One page of services with the total matching the filter. */
    async list(tenantId: string, query: ServiceQuery) {
      const conditions: SQL[] = [eq(services.tenantId, tenantId)]
      if (query.active !== undefined) conditions.push(eq(services.active, query.active))
      const search = query.search?.trim().toLowerCase()
      if (search) {
        // position() rather than LIKE: the user's % and _ are text, not wildcards.
        conditions.push(
          sql`(position(${search} in lower(${services.name})) > 0
            or position(${search} in lower(${services.description})) > 0
            or position(${search} in lower(coalesce(${services.category}, ''))) > 0)`,
        )
      }
      const where = and(...conditions)
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(services)
          .where(where)
          .orderBy(...orderFor(query.sort))
          .limit(query.limit)
          .offset(query.offset),
        db.select({ total: count() }).from(services).where(where),
      ])
      return { items: await withTeam(rows), total: totals[0]?.total ?? 0 }
    },

    /** The service, optionally row-locked until the transaction ends (before a change). */
    async find(
      tenantId: string,
      id: string,
      options: { lock?: boolean } = {},
    ): Promise<ServiceRecord | undefined> {
      const query = db
        .select()
        .from(services)
        .where(and(eq(services.tenantId, tenantId), eq(services.id, id)))
      const rows = options.lock ? await query.for('update') : await query
      return (await withTeam(rows))[0]
    },

    async create(tenantId: string, values: NewService): Promise<ServiceRow> {
      const [row] = await db
        .insert(services)
        .values({ ...values, tenantId })
        .returning()
      if (!row) throw new Error('Inserting a service returned no row.')
      return row
    },

    async update(tenantId: string, id: string, values: Partial<NewService>): Promise<void> {
      await db
        .update(services)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(services.tenantId, tenantId), eq(services.id, id)))
    },

    /** Replaces who performs the service. */
    async setTeamMembers(tenantId: string, serviceId: string, teamMemberIds: readonly string[]) {
      await db
        .delete(serviceTeamMembers)
        .where(
          and(
            eq(serviceTeamMembers.tenantId, tenantId),
            eq(serviceTeamMembers.serviceId, serviceId),
          ),
        )
      if (teamMemberIds.length === 0) return
      await db
        .insert(serviceTeamMembers)
        .values(teamMemberIds.map((teamMemberId) => ({ tenantId, serviceId, teamMemberId })))
    },

    async delete(tenantId: string, id: string): Promise<void> {
      await db.delete(services).where(and(eq(services.tenantId, tenantId), eq(services.id, id)))
    },

    /** Which of `ids` are services of this business. */
    async existingIds(tenantId: string, ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set()
      const rows = await db
        .select({ id: services.id })
        .from(services)
        .where(and(eq(services.tenantId, tenantId), inArray(services.id, [...ids])))
      return new Set(rows.map((row) => row.id))
    },

    /**
     * Appointments that use the service: `upcoming` are not cancelled and not yet over;
     * `all` includes the history, which keeps the service referenced.
     */
    appointmentCounts(tenantId: string, serviceId: string, now: Date) {
      const scope = and(eq(appointments.tenantId, tenantId), eq(appointments.serviceId, serviceId))
      return appointmentCountsWhere(db, scope, now)
    },

    /** The currency prices are kept in: the business's own. */
    async businessCurrency(tenantId: string): Promise<string> {
      const [row] = await db
        .select({ currency: tenants.currency })
        .from(tenants)
        .where(eq(tenants.id, tenantId))
      if (!row) throw new Error(`Tenant ${tenantId} not found.`)
      return row.currency
    },
  }
}

function orderFor(sort: ServiceSort): SQL[] {
  const direction = sort.startsWith('-') ? desc : asc
  const byName = [asc(sql`lower(${services.name})`), asc(services.id)]
  switch (sort.replace('-', '')) {
    case 'price':
      return [direction(services.priceMinor), ...byName]
    case 'duration':
      return [direction(services.durationMinutes), ...byName]
    default:
      return [direction(sql`lower(${services.name})`), direction(services.id)]
  }
}
