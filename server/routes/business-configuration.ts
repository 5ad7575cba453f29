import type { FastifyReply, FastifyRequest } from 'fastify'
import type { OperationRequest } from '../http/operation-types.ts'
import { requireCapability } from '../http/require-capability.ts'
import { requireIdentity } from '../http/require-identity.ts'
import type { createBusinessService } from '../services/business-service.ts'
import type { createMembershipService } from '../services/membership-service.ts'
import type { createSetupChecklistService } from '../services/setup-checklist-service.ts'

/** Handlers for the contract's `business` tag: every member reads, owners and admins change. */
export function createBusinessConfigurationHandlers(deps: {
  members: ReturnType<typeof createMembershipService>
  business: ReturnType<typeof createBusinessService>
  setupChecklist: ReturnType<typeof createSetupChecklistService>
}) {
  const { business, setupChecklist } = deps
  const memberOf = (request: FastifyRequest) => deps.members.resolve(requireIdentity(request))

  return {
    async getBusinessConfiguration(request: OperationRequest<'getBusinessConfiguration'>) {
      const member = await memberOf(request)
      requireCapability(member, 'business.read', "see the business's details")
      return business.get(member)
    },

    async updateBusinessConfiguration(request: OperationRequest<'updateBusinessConfiguration'>) {
      const member = await memberOf(request)
      requireCapability(member, 'business.write', "change the business's details")
      return business.update(member, request.body, {
        moveTeamMembers: request.query.move_team_members === true,
      })
    },

    async getSetupChecklist(request: OperationRequest<'getSetupChecklist'>) {
      const member = await memberOf(request)
      requireCapability(member, 'business.write', 'see the set-up checklist')
      return setupChecklist.get(member)
    },

    async dismissSetupChecklist(
      request: OperationRequest<'dismissSetupChecklist'>,
      reply: FastifyReply,
    ) {
      const member = await memberOf(request)
      requireCapability(member, 'business.write', 'hide the set-up checklist')
      await setupChecklist.dismiss(member)
      return reply.code(204).send()
    },
  }
}
