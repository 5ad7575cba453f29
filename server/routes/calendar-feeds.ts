import { and, eq, sql } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { components } from '../../shared/contract/schema.d.ts'
import { can } from '../../shared/permissions.ts'
import type { Database, Db } from '../db/database.ts'
import { createActivityRepository } from '../db/repositories/activity-repository.ts'
import { teamMembers, tenants } from '../db/schema.ts'
import type { OperationRequest } from '../http/operation-types.ts'
import { HttpProblem } from '../http/problem.ts'
import { eventOf } from '../notifications/appointment-calendar.ts'
import { loadMemberAppointments } from '../notifications/appointment-details.ts'
import { feedCalendar } from '../notifications/ics.ts'
import { requireIdentity } from '../plugins/auth.ts'
import type { CapabilityTokens } from '../security/capability-tokens.ts'
import type { createMembershipService, Member } from '../services/membership-service.ts'

type CalendarFeed = components['schemas']['CalendarFeed']

const DAY_MS = 86_400_000
/** How far back the feed reaches, so last month's appointments stay in subscribed calendars. */
const FEED_HISTORY_DAYS = 30

export interface CalendarFeedHandlerDeps {
  database: Database
  members: ReturnType<typeof createMembershipService>
  tokens: CapabilityTokens
  publicUrl: string
}

/**
 * A team member's private calendar feed: the public, token-checked `.ics` a calendar app
 * subscribes to, and the staff calls that show and rotate its URL. The token is derived from
 * the member's id and `calendar_feed_version`, so rotating (bumping the version) ends every
 * copy of the old URL at once.
 */
export function createCalendarFeedHandlers({
  database,
  members,
  tokens,
  publicUrl,
}: CalendarFeedHandlerDeps) {
  const memberOf = (request: FastifyRequest) => members.resolve(requireIdentity(request))
  const feedUrl = (teamMemberId: string, version: number) =>
    `${publicUrl}/api/v1/public/calendar-feeds/${teamMemberId}?token=${encodeURIComponent(
      tokens.calendarFeedToken(teamMemberId, version),
    )}`

  return {
    /** Any mismatch is the same 404, so the URL tells a stranger nothing about who exists. */
    async getCalendarFeed(
      request: OperationRequest<'getCalendarFeed'>,
      reply: FastifyReply,
    ): Promise<string> {
      const { teamMemberId } = request.params
      const holder = await findHolder(database.db, { teamMemberId })
      if (
        !holder ||
        !tokens.isCalendarFeedToken(teamMemberId, holder.feedVersion, request.query.token)
      ) {
        throw new HttpProblem(404, 'There is no calendar feed at this address.')
      }
      const from = new Date(Date.now() - FEED_HISTORY_DAYS * DAY_MS)
      const appointments = await loadMemberAppointments(
        database.db,
        holder.tenantId,
        teamMemberId,
        from,
      )
      const stamp = new Date()
      const events = appointments.map((details) =>
        eventOf(details, 'team_member', { publicUrl, stamp }),
      )
      reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', 'inline; filename="slotwise.ics"')
      return feedCalendar(`${holder.name} — ${holder.businessName}`, events)
    },

    async getTeamMemberCalendarFeed(
      request: OperationRequest<'getTeamMemberCalendarFeed'>,
    ): Promise<CalendarFeed> {
      const member = await memberOf(request)
      const holder = await permittedHolder(database.db, member, request.params.teamMemberId)
      return { url: feedUrl(holder.id, holder.feedVersion) }
    },

    async rotateTeamMemberCalendarFeed(
      request: OperationRequest<'rotateTeamMemberCalendarFeed'>,
    ): Promise<CalendarFeed> {
      const member = await memberOf(request)
      return database.transaction(async (tx) => {
        const holder = await permittedHolder(tx, member, request.params.teamMemberId)
        const [row] = await tx
          .update(teamMembers)
          .set({ calendarFeedVersion: sql`${teamMembers.calendarFeedVersion} + 1` })
          .where(and(eq(teamMembers.tenantId, member.tenantId), eq(teamMembers.id, holder.id)))
          .returning({ version: teamMembers.calendarFeedVersion })
        if (!row) throw notFound()
        await createActivityRepository(tx).record({
          tenantId: member.tenantId,
          actor: member.actor,
          entityType: 'team_member',
          entityId: holder.id,
          action: 'updated',
          summary: `Made a new calendar feed address for ${holder.name}; the old one no longer works.`,
        })
        return { url: feedUrl(holder.id, row.version) }
      })
    },
  }
}

interface FeedHolder {
  id: string
  tenantId: string
  name: string
  feedVersion: number
  businessName: string
}

async function findHolder(
  db: Db,
  where: { teamMemberId: string; tenantId?: string },
): Promise<FeedHolder | null> {
  const [row] = await db
    .select({
      id: teamMembers.id,
      tenantId: teamMembers.tenantId,
      name: teamMembers.name,
      feedVersion: teamMembers.calendarFeedVersion,
      businessName: tenants.name,
    })
    .from(teamMembers)
    .innerJoin(tenants, eq(tenants.id, teamMembers.tenantId))
    .where(
      and(
        eq(teamMembers.id, where.teamMemberId),
        where.tenantId ? eq(teamMembers.tenantId, where.tenantId) : undefined,
      ),
    )
  return row ?? null
}

/**
 * The member whose feed is asked for, in the caller's business: their own, or anyone's for
 * whoever may edit the team. The feed shows customers' names, so staff see only their own.
 */
async function permittedHolder(db: Db, member: Member, teamMemberId: string): Promise<FeedHolder> {
  const holder = await findHolder(db, { teamMemberId, tenantId: member.tenantId })
  if (!holder) throw notFound()
  if (member.teamMemberId !== holder.id && !can(member.permission, 'team.write')) {
    throw new HttpProblem(
      403,
      "You don't have permission to see other team members' calendar feeds.",
    )
  }
  return holder
}

function notFound(): HttpProblem {
  return new HttpProblem(404, 'There is no team member with this id in your business.')
}
