import type { FastifyReply, FastifyRequest } from 'fastify'
import type { OperationRequest } from '../http/operation-types.ts'
import { requireCapability } from '../http/require-capability.ts'
import { requireIdentity } from '../http/require-identity.ts'
import type { createMembershipService } from '../services/membership-service.ts'
import type { createTeamMemberService } from '../services/team-member-service.ts'
import type { createTimeOffService } from '../services/time-off-service.ts'

export interface TeamMemberHandlerDeps {
  members: ReturnType<typeof createMembershipService>
  team: ReturnType<typeof createTeamMemberService>
  timeOff: ReturnType<typeof createTimeOffService>
}

/**
 * Handlers for the contract's `team` tag: team members and their time off. Who may change
 * which fields (staff edit only themselves, only owners touch ownership) is the services' rule.
 */
export function createTeamMemberHandlers({ members, team, timeOff }: TeamMemberHandlerDeps) {
  const memberOf = (request: FastifyRequest) => members.resolve(requireIdentity(request))

  return {
    async listTeamMembers(request: OperationRequest<'listTeamMembers'>) {
      const member = await memberOf(request)
      requireCapability(member, 'team.read', 'see the team')
      const { search, bookable, limit = 25, offset = 0 } = request.query
      return team.list(member, { search, bookable, limit, offset })
    },

    async getTeamMember(request: OperationRequest<'getTeamMember'>) {
      const member = await memberOf(request)
      requireCapability(member, 'team.read', 'see the team')
      return team.get(member, request.params.teamMemberId)
    },

    async createTeamMember(request: OperationRequest<'createTeamMember'>, reply: FastifyReply) {
      const member = await memberOf(request)
      requireCapability(member, 'team.write', 'add team members')
      const created = await team.create(member, request.body)
      reply.code(201)
      return created
    },

    async updateTeamMember(request: OperationRequest<'updateTeamMember'>) {
      const member = await memberOf(request)
      return team.update(member, request.params.teamMemberId, request.body)
    },

    async deleteTeamMember(request: OperationRequest<'deleteTeamMember'>, reply: FastifyReply) {
      const member = await memberOf(request)
      requireCapability(member, 'team.write', 'remove team members')
      await team.remove(member, request.params.teamMemberId)
      return reply.code(204).send()
    },

    async createTimeOff(request: OperationRequest<'createTimeOff'>, reply: FastifyReply) {
      const member = await memberOf(request)
      const created = await timeOff.create(member, request.params.teamMemberId, request.body)
      reply.code(201)
      return created
    },

    async deleteTimeOff(request: OperationRequest<'deleteTimeOff'>, reply: FastifyReply) {
      const member = await memberOf(request)
      const { teamMemberId, timeOffId } = request.params
      await timeOff.remove(member, teamMemberId, timeOffId)
      return reply.code(204).send()
    },
  }
}
