import { and, asc, count, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm'
import { nextUnusedColour } from '../../../shared/calendar-colours.ts'
import { appointmentCountsWhere } from '../appointment-occupancy.ts'
import type { Db } from '../database.ts'
import {
  appointments,
  memberships,
  type Permission,
  serviceTeamMembers,
  teamMemberSlugRedirects,
  teamMembers,
  tenants,
} from '../schema.ts'
import { readAssignments } from './service-assignments.ts'

export type TeamMemberRow = typeof teamMembers.$inferSelect
export type NewTeamMember = Omit<typeof teamMembers.$inferInsert, 'id' | 'tenantId'>
/** A team member with the services they perform (ids sorted, so two reads compare equal). */
export type TeamMemberRecord = TeamMemberRow & { serviceIds: string[] }

export interface TeamMemberQuery {
  search?: string
  bookable?: boolean
  limit: number
  offset: number
}

/** The team of one business, and the access its members have. Always scoped by tenant id. */
export function createTeamMemberRepository(db: Db) {
  /** A team member of the business (other than `exceptId`) matching `condition`: id and name. */
  async function findOther(tenantId: string, condition: SQL, exceptId: string | undefined) {
    const [row] = await db
      .select({ id: teamMembers.id, name: teamMembers.name })
      .from(teamMembers)
      .where(
        and(
          eq(teamMembers.tenantId, tenantId),
          condition,
          exceptId ? ne(teamMembers.id, exceptId) : undefined,
        ),
      )
      .limit(1)
    return row
  }

  async function withServices(rows: TeamMemberRow[]): Promise<TeamMemberRecord[]> {
    const first = rows[0]
    if (!first) return []
    const ids = rows.map((row) => row.id)
    const services = await readAssignments(db, first.tenantId, 'teamMember', ids)
    return rows.map((row) => ({ ...row, serviceIds: services.get(row.id) ?? [] }))
  }

  async function coloursInUse(tenantId: string): Promise<string[]> {
    const rows = await db
      .select({ color: teamMembers.color })
      .from(teamMembers)
      .where(eq(teamMembers.tenantId, tenantId))
    return rows.map((row) => row.color)
  }

  const inTenant = (tenantId: string, id: string) =>
    and(eq(teamMembers.tenantId, tenantId), eq(teamMembers.id, id))

  return {
    /** One page of the team, by name, with the total matching the filter. */
    async list(tenantId: string, query: TeamMemberQuery) {
      const conditions: SQL[] = [eq(teamMembers.tenantId, tenantId)]
      if (query.bookable !== undefined) conditions.push(eq(teamMembers.bookable, query.bookable))
      const search = query.search?.trim().toLowerCase()
      if (search) {
        // position() rather than LIKE: the user's % and _ are text, not wildcards.
        conditions.push(
          sql`(position(${search} in lower(${teamMembers.name})) > 0
            or position(${search} in lower(coalesce(${teamMembers.email}, ''))) > 0
            or position(${search} in ${teamMembers.slug}) > 0)`,
        )
      }
      const where = and(...conditions)
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(teamMembers)
          .where(where)
          .orderBy(asc(sql`lower(${teamMembers.name})`), asc(teamMembers.id))
          .limit(query.limit)
          .offset(query.offset),
        db.select({ total: count() }).from(teamMembers).where(where),
      ])
      return { items: await withServices(rows), total: totals[0]?.total ?? 0 }
    },

    /** The team member, optionally row-locked until the transaction ends (before a change). */
    async find(
      tenantId: string,
      id: string,
      options: { lock?: boolean } = {},
    ): Promise<TeamMemberRecord | undefined> {
      const query = db.select().from(teamMembers).where(inTenant(tenantId, id))
      const rows = options.lock ? await query.for('update') : await query
      return (await withServices(rows))[0]
    },

    /** The id of the user's own team-member record in the business, if they have one. */
    async findIdOfUser(tenantId: string, userUid: string): Promise<string | undefined> {
      const [row] = await db
        .select({ id: teamMembers.id })
        .from(teamMembers)
        .where(and(eq(teamMembers.tenantId, tenantId), eq(teamMembers.userUid, userUid)))
        .limit(1)
      return row?.id
    },

    /** Another team member of the business with this e-mail, in any letter case. */
    findByEmail(tenantId: string, email: string, exceptId?: string) {
      return findOther(tenantId, sql`lower(${teamMembers.email}) = lower(${email})`, exceptId)
    },

    /** Another team member of the business with this public slug. */
    findBySlug(tenantId: string, slug: string, exceptId?: string) {
      return findOther(tenantId, eq(teamMembers.slug, slug), exceptId)
    },

    /** Keeps a slug the team member gave up, so their old profile link still finds them. */
    async recordFormerSlug(tenantId: string, oldSlug: string, teamMemberId: string) {
      await db
        .insert(teamMemberSlugRedirects)
        .values({ tenantId, oldSlug, teamMemberId })
        .onConflictDoUpdate({
          target: [teamMemberSlugRedirects.tenantId, teamMemberSlugRedirects.oldSlug],
          set: { teamMemberId },
        })
    },

    /** The team member who had this slug before a rename, if any. */
    async formerSlugOwner(tenantId: string, oldSlug: string): Promise<string | undefined> {
      const [row] = await db
        .select({ teamMemberId: teamMemberSlugRedirects.teamMemberId })
        .from(teamMemberSlugRedirects)
        .where(
          and(
            eq(teamMemberSlugRedirects.tenantId, tenantId),
            eq(teamMemberSlugRedirects.oldSlug, oldSlug),
          ),
        )
        .limit(1)
      return row?.teamMemberId
    },

    /**
     * Inserts the team member unless the slug is taken in the business (then undefined). Without
     * a colour of their own they wear the next one nobody in the business wears yet.
     */
    async createIfSlugFree(
      tenantId: string,
      values: NewTeamMember,
    ): Promise<TeamMemberRow | undefined> {
      const color = values.color ?? nextUnusedColour(await coloursInUse(tenantId))
      const [row] = await db
        .insert(teamMembers)
        .values({ ...values, color, tenantId })
        .onConflictDoNothing({ target: [teamMembers.tenantId, teamMembers.slug] })
        .returning()
      return row
    },

    async update(tenantId: string, id: string, values: Partial<NewTeamMember>): Promise<void> {
      await db
        .update(teamMembers)
        .set({ ...values, updatedAt: sql`now()` })
        .where(inTenant(tenantId, id))
    },

    async delete(tenantId: string, id: string): Promise<void> {
      await db.delete(teamMembers).where(inTenant(tenantId, id))
    },

    /** Replaces which services the team member performs. */
    async setServices(tenantId: string, teamMemberId: string, serviceIds: readonly string[]) {
      await db
        .delete(serviceTeamMembers)
        .where(
          and(
            eq(serviceTeamMembers.tenantId, tenantId),
            eq(serviceTeamMembers.teamMemberId, teamMemberId),
          ),
        )
      if (serviceIds.length === 0) return
      await db
        .insert(serviceTeamMembers)
        .values(serviceIds.map((serviceId) => ({ tenantId, serviceId, teamMemberId })))
    },

    /** Which of `ids` are team members of this business. */
    async existingIds(tenantId: string, ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set()
      const rows = await db
        .select({ id: teamMembers.id })
        .from(teamMembers)
        .where(and(eq(teamMembers.tenantId, tenantId), inArray(teamMembers.id, [...ids])))
      return new Set(rows.map((row) => row.id))
    },

    /**
     * Appointments with the team member: `upcoming` are not cancelled and not yet over; `all`
     * includes the history, which keeps the team member referenced.
     */
    appointmentCounts(tenantId: string, teamMemberId: string, now: Date) {
      const scope = and(
        eq(appointments.tenantId, tenantId),
        eq(appointments.teamMemberId, teamMemberId),
      )
      return appointmentCountsWhere(db, scope, now)
    },

    /**
     * The users who own the business and have access, row-locked until the transaction ends:
     * two owners demoting or removing each other at once then take turns, and the second sees
     * the first's change, so a business can never be left without an owner.
     */
    async lockOwners(tenantId: string): Promise<string[]> {
      const rows = await db
        .select({ uid: memberships.userUid })
        .from(memberships)
        .where(
          and(
            eq(memberships.tenantId, tenantId),
            eq(memberships.permission, 'owner'),
            isNull(memberships.revokedAt),
          ),
        )
        .for('update')
      return rows.map((row) => row.uid)
    },

    /** Gives a linked user the team member's new permission in the business. */
    async setMembershipPermission(tenantId: string, userUid: string, permission: Permission) {
      await db
        .update(memberships)
        .set({ permission })
        .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userUid, userUid)))
    },

    /** Signing in with the e-mail joins nothing until the invitation is opened again. */
    async withdrawInvitation(tenantId: string, id: string) {
      await db
        .update(teamMembers)
        .set({ invitationWithdrawnAt: sql`now()`, updatedAt: sql`now()` })
        .where(inTenant(tenantId, id))
    },

    /** A withdrawn invitation open again, pending from now. */
    async reopenInvitation(tenantId: string, id: string) {
      await db
        .update(teamMembers)
        .set({ invitationWithdrawnAt: null, invitedAt: sql`now()`, updatedAt: sql`now()` })
        .where(inTenant(tenantId, id))
    },

    /**
     * After an e-mail change: the record is an invitation for the new address, unlinked from the
     * account of the old one. `closed` keeps it withdrawn (access had been removed or withdrawn).
     */
    async inviteNewEmail(tenantId: string, id: string, options: { closed: boolean }) {
      await db
        .update(teamMembers)
        .set({
          userUid: null,
          invitedAt: sql`now()`,
          invitationWithdrawnAt: options.closed
            ? sql`coalesce(${teamMembers.invitationWithdrawnAt}, now())`
            : null,
          updatedAt: sql`now()`,
        })
        .where(inTenant(tenantId, id))
    },

    /**
     * Ends every copy of the member's private calendar feed address (the token changes);
     * the new feed version, or undefined when there is no such team member.
     */
    async replaceCalendarFeed(tenantId: string, id: string): Promise<number | undefined> {
      const [row] = await db
        .update(teamMembers)
        .set({ calendarFeedVersion: sql`${teamMembers.calendarFeedVersion} + 1` })
        .where(inTenant(tenantId, id))
        .returning({ version: teamMembers.calendarFeedVersion })
      return row?.version
    },

    /** New team members start in the business's time zone. */
    async businessTimeZone(tenantId: string): Promise<string> {
      const [row] = await db
        .select({ timeZone: tenants.timeZone })
        .from(tenants)
        .where(eq(tenants.id, tenantId))
      if (!row) throw new Error(`Tenant ${tenantId} not found.`)
      return row.timeZone
    },
  }
}
