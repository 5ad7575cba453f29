import type { FastifyReply } from 'fastify'
import type { OperationRequest } from '../http/operation-types.ts'
import type { createCalendarFeedService } from '../services/calendar-feed-service.ts'
import type { MemberRequest } from './operation-access.ts'

export interface CalendarFeedHandlerDeps {
  feeds: ReturnType<typeof createCalendarFeedService>
}

/**
 * A team member's private calendar feed: the public `.ics` a calendar app subscribes to, and
 * the staff calls that show and rotate its URL.
 */
export function createCalendarFeedHandlers({ feeds }: CalendarFeedHandlerDeps) {
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

    async getTeamMemberCalendarFeed(request: MemberRequest<'getTeamMemberCalendarFeed'>) {
      return feeds.address(request.member, request.params.teamMemberId)
    },

    async rotateTeamMemberCalendarFeed(request: MemberRequest<'rotateTeamMemberCalendarFeed'>) {
      return feeds.rotate(request.member, request.params.teamMemberId)
    },
  }
}
