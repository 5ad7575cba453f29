import type { FastifyReply } from 'fastify'
import type { OperationRequest } from '../http/operation-types.ts'
import { requireIdentity } from '../http/require-identity.ts'
import type { createProfileService } from '../services/profile-service.ts'

/** Handlers for the contract's `me` tag. */
export function createMeHandlers(deps: { profiles: ReturnType<typeof createProfileService> }) {
  return {
    getMe(request: OperationRequest<'getMe'>) {
      return deps.profiles.getOrCreateProfile(requireIdentity(request))
    },

    async registerBusiness(request: OperationRequest<'registerBusiness'>, reply: FastifyReply) {
      const { name, time_zone, currency } = request.body
      const profile = await deps.profiles.register(requireIdentity(request), {
        name,
        timeZone: time_zone,
        currency,
      })
      reply.code(201)
      return profile
    },
  }
}
