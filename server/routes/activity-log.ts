import type { FastifyRequest } from 'fastify'
import type { OperationRequest } from '../http/operation-types.ts'
import { requireCapability } from '../http/require-capability.ts'
import { requireIdentity } from '../http/require-identity.ts'
import type { createActivityService } from '../services/activity-service.ts'
import type { createMembershipService } from '../services/membership-service.ts'

/** Handlers for the contract's `activity` tag: read-only, owners and admins. */
export function createActivityLogHandlers(deps: {
  members: ReturnType<typeof createMembershipService>
  activity: ReturnType<typeof createActivityService>
}) {
  const { activity } = deps
  const memberOf = (request: FastifyRequest) => deps.members.resolve(requireIdentity(request))

  return {
    async listActivity(request: OperationRequest<'listActivity'>) {
      const member = await memberOf(request)
      requireCapability(member, 'activity.read', 'see the activity log')
      return activity.list(member, { ...request.query, limit: request.query.limit ?? 25 })
    },

    async getActivityEntry(request: OperationRequest<'getActivityEntry'>) {
      const member = await memberOf(request)
      requireCapability(member, 'activity.read', 'see the activity log')
      return activity.get(member, request.params.entryId)
    },
  }
}
