import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm'
import type { Db } from '../database.ts'
import { calendarConnections, teamMembers, tenants } from '../schema.ts'

/*
 * The one e-mail about a broken calendar connection (issue 25, item 6): who gets it, and the
 * mark that it went, so it goes once per breakage however many processes see the failure.
 */

export interface BrokenNoticeRecipients {
  businessName: string
  timeZone: string
  memberName: string
  /** The member first (when they have an address), then every owner, no address twice. */
  recipients: { name: string; email: string; role: 'team_member' | 'owner' }[]
}

export function createCalendarNoticeRepository(db: Db) {
  return {
    /**
     * Marks the connection told of its breakage; false when it was told already (by another
     * process too) or is healthy again. Call in the transaction that queues the e-mails.
     */
    async takeBrokenNotice(connectionId: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(calendarConnections)
        .set({ brokenNoticeSentAt: at })
        .where(
          and(
            eq(calendarConnections.id, connectionId),
            isNull(calendarConnections.brokenNoticeSentAt),
            ne(calendarConnections.health, 'ok'),
          ),
        )
        .returning({ id: calendarConnections.id })
      return rows.length === 1
    },

    async brokenNoticeRecipients(
      tenantId: string,
      teamMemberId: string,
    ): Promise<BrokenNoticeRecipients | null> {
      const rows = await db
        .select({
          id: teamMembers.id,
          name: teamMembers.name,
          email: teamMembers.email,
          businessName: tenants.name,
          timeZone: tenants.timeZone,
        })
        .from(teamMembers)
        .innerJoin(tenants, eq(tenants.id, teamMembers.tenantId))
        .where(
          and(
            eq(teamMembers.tenantId, tenantId),
            isNotNull(teamMembers.email),
            sql`(${teamMembers.id} = ${teamMemberId} or ${teamMembers.permission} = 'owner')`,
          ),
        )
      const member = await db
        .select({ name: teamMembers.name })
        .from(teamMembers)
        .where(and(eq(teamMembers.tenantId, tenantId), eq(teamMembers.id, teamMemberId)))
      const [first] = rows
      const [subject] = member
      if (!first || !subject) return null
      const ordered = [...rows].sort(
        (a, b) => Number(b.id === teamMemberId) - Number(a.id === teamMemberId),
      )
      const seen = new Set<string>()
      const recipients: BrokenNoticeRecipients['recipients'] = []
      for (const row of ordered) {
        const email = row.email ?? ''
        if (seen.has(email.toLowerCase())) continue
        seen.add(email.toLowerCase())
        recipients.push({
          name: row.name,
          email,
          role: row.id === teamMemberId ? 'team_member' : 'owner',
        })
      }
      return {
        businessName: first.businessName,
        timeZone: first.timeZone,
        memberName: subject.name,
        recipients,
      }
    },
  }
}
