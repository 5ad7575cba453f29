import type { FastifyRequest } from 'fastify'
import type { OperationRequest } from '../http/operation-types.ts'
import { requireIdentity } from '../http/require-identity.ts'
import type { createMembershipService } from '../services/membership-service.ts'
import type { createTeamAccessService } from '../services/team-access-service.ts'

export interface TeamAccessHandlerDeps {
  members: ReturnType<typeof createMembershipService>
  access: ReturnType<typeof createTeamAccessService>
}

/**
 * Handlers for offboarding (the contract's `team` tag): removing and restoring a team
 * member's access, which also withdraws and reopens invitations.
 */
export function createTeamAccessHandlers({ members, access }: TeamAccessHandlerDeps) {
  const memberOf = (request: FastifyRequest) => members.resolve(requireIdentity(request))

  return {
    async removeTeamMemberAccess(request: OperationRequest<'removeTeamMemberAccess'>) {
      const member = await memberOf(request)
      return access.change(member, request.params.teamMemberId, 'remove')
    },
    async restoreTeamMemberAccess(request: OperationRequest<'restoreTeamMemberAccess'>) {
      const member = await memberOf(request)
      return access.change(member, request.params.teamMemberId, 'restore')
    },
  }
}
