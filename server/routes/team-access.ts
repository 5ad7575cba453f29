import type { FastifyRequest } from 'fastify'
import type { components } from '../../shared/contract/schema.d.ts'
import { accessChangeRefusal } from '../../shared/team-access.ts'
import type { Database } from '../db/database.ts'
import { createTeamMemberRepository } from '../db/repositories/team-member-repository.ts'
import type { OperationRequest } from '../http/operation-types.ts'
import { HttpProblem } from '../http/problem.ts'
import { requireIdentity } from '../plugins/auth.ts'
import type { createMembershipService } from '../services/membership-service.ts'
import { createTeamAccess } from '../services/team-access-service.ts'
import { teamMemberViews } from './team-member-views.ts'

type TeamMember = components['schemas']['TeamMember']

export interface TeamAccessHandlerDeps {
  database: Database
  members: ReturnType<typeof createMembershipService>
}

/**
 * Handlers for offboarding (the contract's `team` tag): removing and restoring a team
 * member's access, which also withdraws and reopens invitations.
 */
export function createTeamAccessHandlers({ database, members }: TeamAccessHandlerDeps) {
  const memberOf = (request: FastifyRequest) => members.resolve(requireIdentity(request))

  async function change(
    request: OperationRequest<'removeTeamMemberAccess' | 'restoreTeamMemberAccess'>,
    kind: 'remove' | 'restore',
  ): Promise<TeamMember> {
    const member = await memberOf(request)
    return database.transaction(async (tx) => {
      const team = createTeamMemberRepository(tx)
      const record = await team.find(member.tenantId, request.params.teamMemberId, { lock: true })
      if (!record) {
        throw new HttpProblem(404, 'There is no team member with this id in your business.')
      }
      const refusal = accessChangeRefusal(member, record, kind)
      if (refusal) throw new HttpProblem(refusal.status, refusal.detail)
      const access = createTeamAccess(tx, member.tenantId, member.actor)
      const changed = kind === 'remove' ? await access.remove(record) : await access.restore(record)
      const current = changed ? await team.find(member.tenantId, record.id) : record
      if (!current) throw new Error('The team member vanished inside their own transaction.')
      return (await teamMemberViews(tx, member.tenantId, [current]))[0] as TeamMember
    })
  }

  return {
    removeTeamMemberAccess: (request: OperationRequest<'removeTeamMemberAccess'>) =>
      change(request, 'remove'),
    restoreTeamMemberAccess: (request: OperationRequest<'restoreTeamMemberAccess'>) =>
      change(request, 'restore'),
  }
}
