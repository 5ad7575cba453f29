import type { components } from '../../shared/contract/schema.d.ts'
import { can } from '../../shared/permissions.ts'
import type { Database, Db } from '../db/database.ts'
import { loadMemberAppointments } from '../db/read-models/appointment-details.ts'
import { type FeedHolder, findFeedHolder } from '../db/read-models/calendar-feed-holders.ts'
import { createActivityRepository } from '../db/repositories/activity-repository.ts'
import { createTeamMemberRepository } from '../db/repositories/team-member-repository.ts'
import type { Member } from '../domain/member.ts'
import { forbidden, notFound } from '../domain/refusal.ts'
import { eventOf } from '../notifications/appointment-calendar.ts'
import { feedCalendar } from '../notifications/ics.ts'
import type { CapabilityTokens } from '../security/capability-tokens.ts'
import { teamMemberNotFound } from './team-member-views.ts'

type CalendarFeed = components['schemas']['CalendarFeed']

const DAY_MS = 86_400_000
/** How far back the feed reaches, so last month's appointments stay in subscribed calendars. */
const FEED_HISTORY_DAYS = 30

/**
 * A team member's private calendar feed: the public, token-checked `.ics` a calendar app
 * subscribes to, and its URL as staff see and rotate it. The token is derived from the
 * member's id and `calendar_feed_version`, so rotating (bumping the version) ends every copy
 * of the old URL at once.
 */
export function createCalendarFeedService(deps: {
  database: Database
  tokens: CapabilityTokens
  publicUrl: string
}) {
  const { database, tokens, publicUrl } = deps
  const feedUrl = (teamMemberId: string, version: number) =>
    `${publicUrl}/api/v1/public/calendar-feeds/${teamMemberId}?token=${encodeURIComponent(
      tokens.calendarFeedToken(teamMemberId, version),
    )}`

  return {
    /**
     * The feed as iCalendar text. Any mismatch is the same 404, so the URL tells a stranger
     * nothing about who exists.
     */
    async calendar(teamMemberId: string, token: string): Promise<string> {
      const holder = await findFeedHolder(database.db, { teamMemberId })
      if (!holder || !tokens.isCalendarFeedToken(teamMemberId, holder.feedVersion, token)) {
        throw notFound('There is no calendar feed at this address.')
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
      return feedCalendar(`${holder.name} — ${holder.businessName}`, events)
    },

    async address(member: Member, teamMemberId: string): Promise<CalendarFeed> {
      const holder = await permittedHolder(database.db, member, teamMemberId)
      return { url: feedUrl(holder.id, holder.feedVersion) }
    },

    async rotate(member: Member, teamMemberId: string): Promise<CalendarFeed> {
      return database.transaction(async (tx) => {
        const holder = await permittedHolder(tx, member, teamMemberId)
        const version = await createTeamMemberRepository(tx).replaceCalendarFeed(
          member.tenantId,
          holder.id,
        )
        if (version === undefined) throw teamMemberNotFound()
        await createActivityRepository(tx).record({
          tenantId: member.tenantId,
          actor: member.actor,
          entityType: 'team_member',
          entityId: holder.id,
          action: 'updated',
          summary: `Made a new calendar feed address for ${holder.name}; the old one no longer works.`,
        })
        return { url: feedUrl(holder.id, version) }
      })
    },
  }
}

/**
 * The member whose feed is asked for, in the caller's business: their own, or anyone's for
 * whoever may edit the team. The feed shows customers' names, so staff see only their own.
 */
async function permittedHolder(db: Db, member: Member, teamMemberId: string): Promise<FeedHolder> {
  const holder = await findFeedHolder(db, { teamMemberId, tenantId: member.tenantId })
  if (!holder) throw teamMemberNotFound()
  if (member.teamMemberId !== holder.id && !can(member.permission, 'team.write')) {
    throw forbidden("You don't have permission to see other team members' calendar feeds.")
  }
  return holder
}
