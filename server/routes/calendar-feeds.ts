import type { FastifyReply, FastifyRequest } from 'fastify'
import type { OperationRequest } from '../http/operation-types.ts'
import { requireIdentity } from '../http/require-identity.ts'
import type { createCalendarFeedService } from '../services/calendar-feed-service.ts'
import type { createMembershipService } from '../services/membership-service.ts'

export interface CalendarFeedHandlerDeps {
  members: ReturnType<typeof createMembershipService>
  feeds: ReturnType<typeof createCalendarFeedService>
}

/**
 * A team member's private calendar feed: the public `.ics` a calendar app subscribes to, and
 * the staff calls that show and rotate its URL.
 */
export function createCalendarFeedHandlers({ members, feeds }: CalendarFeedHandlerDeps) {
  const memberOf = (request: FastifyRequest) => members.resolve(requireIdentity(request))

  return {
    async getCalendarFeed(
      request: OperationRequest<'getCalendarFeed'>,
      reply: FastifyReply,
    ): Promise<string> {
      const calendar = await feeds.calendar(request.params.teamMemberId, request.query.token)
      reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', 'inline; filename="slotwise.ics"')
      return calendar
    },

    async getTeamMemberCalendarFeed(request: OperationRequest<'getTeamMemberCalendarFeed'>) {
      const member = await memberOf(request)
      return feeds.address(member, request.params.teamMemberId)
    },

    async rotateTeamMemberCalendarFeed(request: OperationRequest<'rotateTeamMemberCalendarFeed'>) {
      const member = await memberOf(request)
      return feeds.rotate(member, request.params.teamMemberId)
    },
  }
}
