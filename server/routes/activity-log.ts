import type { createActivityService } from '../services/activity-service.ts'
import type { MemberRequest } from './operation-access.ts'

/** Handlers for the contract's `activity` tag: read-only, owners and admins. */
export function createActivityLogHandlers(deps: {
  activity: ReturnType<typeof createActivityService>
}) {
  const { activity } = deps
  return {
    async listActivity(request: MemberRequest<'listActivity'>) {
      return activity.list(request.member, { ...request.query, limit: request.query.limit ?? 25 })
    },

    async getActivityEntry(request: MemberRequest<'getActivityEntry'>) {
      return activity.get(request.member, request.params.entryId)
    },
  }
}
