import type { FastifyReply } from 'fastify'
import type { createTeamMemberService } from '../services/team-member-service.ts'
import type { createTimeOffService } from '../services/time-off-service.ts'
import type { MemberRequest } from './operation-access.ts'

export interface TeamMemberHandlerDeps {
  team: ReturnType<typeof createTeamMemberService>
  timeOff: ReturnType<typeof createTimeOffService>
}

/**
 * Handlers for the contract's `team` tag: team members and their time off. Who may change
 * which fields (staff edit only themselves, only owners touch ownership) is the services' rule.
 */
export function createTeamMemberHandlers({ team, timeOff }: TeamMemberHandlerDeps) {
  return {
    async listTeamMembers(request: MemberRequest<'listTeamMembers'>) {
      const { search, bookable, limit = 25, offset = 0 } = request.query
      return team.list(request.member, { search, bookable, limit, offset })
    },

    async getTeamMember(request: MemberRequest<'getTeamMember'>) {
      return team.get(request.member, request.params.teamMemberId)
    },

    async createTeamMember(request: MemberRequest<'createTeamMember'>, reply: FastifyReply) {
      const created = await team.create(request.member, request.body)
      reply.code(201)
      return created
    },

    async updateTeamMember(request: MemberRequest<'updateTeamMember'>) {
      return team.update(request.member, request.params.teamMemberId, request.body)
    },

    async deleteTeamMember(request: MemberRequest<'deleteTeamMember'>, reply: FastifyReply) {
      await team.remove(request.member, request.params.teamMemberId)
      return reply.code(204).send()
    },

    async createTimeOff(request: MemberRequest<'createTimeOff'>, reply: FastifyReply) {
      const created = await timeOff.create(
        request.member,
        request.params.teamMemberId,
        request.body,
      )
      reply.code(201)
      return created
    },

    async deleteTimeOff(request: MemberRequest<'deleteTimeOff'>, reply: FastifyReply) {
      const { teamMemberId, timeOffId } = request.params
      await timeOff.remove(request.member, teamMemberId, timeOffId)
      return reply.code(204).send()
    },
  }
}
