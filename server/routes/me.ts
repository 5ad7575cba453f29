import type { FastifyRequest } from 'fastify'
import { requireIdentity } from '../plugins/auth.ts'
import type { createProfileService, Profile } from '../services/profile-service.ts'

/** Handlers for the contract's `me` tag. */
export function createMeHandlers(deps: { profiles: ReturnType<typeof createProfileService> }) {
  return {
    getMe(request: FastifyRequest): Promise<Profile> {
      return deps.profiles.getOrCreateProfile(requireIdentity(request))
    },
  }
}
