import type { FastifyReply } from 'fastify'
import type { createBusinessService } from '../services/business-service.ts'
import type { createSetupChecklistService } from '../services/setup-checklist-service.ts'
import type { MemberRequest } from './operation-access.ts'

/** Handlers for the contract's `business` tag: every member reads, owners and admins change. */
export function createBusinessConfigurationHandlers(deps: {
  business: ReturnType<typeof createBusinessService>
  setupChecklist: ReturnType<typeof createSetupChecklistService>
}) {
  const { business, setupChecklist } = deps
  return {
    async getBusinessConfiguration(request: MemberRequest<'getBusinessConfiguration'>) {
      return business.get(request.member)
    },

    async updateBusinessConfiguration(request: MemberRequest<'updateBusinessConfiguration'>) {
      return business.update(request.member, request.body, {
        moveTeamMembers: request.query.move_team_members === true,
      })
    },

    async getSetupChecklist(request: MemberRequest<'getSetupChecklist'>) {
      return setupChecklist.get(request.member)
    },

    async dismissSetupChecklist(
      request: MemberRequest<'dismissSetupChecklist'>,
      reply: FastifyReply,
    ) {
      await setupChecklist.dismiss(request.member)
      return reply.code(204).send()
    },
  }
}
