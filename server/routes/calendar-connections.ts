import type { FastifyReply } from 'fastify'
import type { OperationRequest } from '../http/operation-types.ts'
import type { createCalendarConnectionService } from '../services/calendar-sync/calendar-connection-service.ts'
import type { createGoogleCalendarConnect } from '../services/calendar-sync/google-calendar-connect.ts'
import type { MemberRequest } from './operation-access.ts'

export interface CalendarConnectionHandlerDeps {
  connections: ReturnType<typeof createCalendarConnectionService>
  google: ReturnType<typeof createGoogleCalendarConnect>
}

/** Handlers for the contract's `calendars` tag: a member's connected calendars. */
export function createCalendarConnectionHandlers({
  connections,
  google,
}: CalendarConnectionHandlerDeps) {
  return {
    async listCalendarConnections(request: MemberRequest<'listCalendarConnections'>) {
      return connections.list(request.member, request.params.teamMemberId)
    },

    async connectCalDavCalendar(
      request: MemberRequest<'connectCalDavCalendar'>,
      reply: FastifyReply,
    ) {
      const { member, params, body } = request
      const connection = await connections.connectCalDav(member, params.teamMemberId, body)
      reply.code(201)
      return connection
    },

    async connectICalAddress(request: MemberRequest<'connectICalAddress'>, reply: FastifyReply) {
      const { member, params, body } = request
      const connection = await connections.connectICalAddress(member, params.teamMemberId, body)
      reply.code(201)
      return connection
    },

    async startGoogleCalendarConnection(request: MemberRequest<'startGoogleCalendarConnection'>) {
      return google.start(request.member, request.params.teamMemberId)
    },

    /** The browser's return from Google's consent screen: always a redirect, never a page. */
    async googleCalendarCallback(
      request: OperationRequest<'googleCalendarCallback'>,
      reply: FastifyReply,
    ) {
      const location = await google.callback(request.query)
      return reply.header('cache-control', 'no-store').redirect(location, 303)
    },

    async updateCalendarConnection(request: MemberRequest<'updateCalendarConnection'>) {
      const { member, params, body } = request
      return connections.update(member, params.teamMemberId, params.connectionId, body)
    },

    async disconnectCalendarConnection(
      request: MemberRequest<'disconnectCalendarConnection'>,
      reply: FastifyReply,
    ) {
      const { member, params } = request
      await connections.disconnect(member, params.teamMemberId, params.connectionId)
      return reply.code(204).send()
    },

    async syncCalendarConnection(request: MemberRequest<'syncCalendarConnection'>) {
      const { member, params } = request
      return connections.syncNow(member, params.teamMemberId, params.connectionId)
    },

    async updateConnectedCalendar(request: MemberRequest<'updateConnectedCalendar'>) {
      const { member, params, body } = request
      return connections.updateCalendar(
        member,
        params.teamMemberId,
        params.connectionId,
        params.calendarId,
        body,
      )
    },
  }
}
