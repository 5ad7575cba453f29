import type { createTeamAccessService } from '../services/team-access-service.ts'
import type { MemberRequest } from './operation-access.ts'

export interface TeamAccessHandlerDeps {
  access: ReturnType<typeof createTeamAccessService>
}

/**
 * Handlers for offboarding (the contract's `team` tag): removing and restoring a team
 * member's access, which also withdraws and reopens invitations.
 */
export function createTeamAccessHandlers({ access }: TeamAccessHandlerDeps) {
  return {
    async removeTeamMemberAccess(request: MemberRequest<'removeTeamMemberAccess'>) {
      return access.change(request.member, request.params.teamMemberId, 'remove')
    },
    async restoreTeamMemberAccess(request: MemberRequest<'restoreTeamMemberAccess'>) {
      return access.change(request.member, request.params.teamMemberId, 'restore')
    },
  }
}
