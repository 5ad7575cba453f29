import type { OperationRequest } from '../http/operation-types.ts'
import { requireIdentity } from '../http/require-identity.ts'
import type { createProfileService } from '../services/profile-service.ts'

/** Handlers for the contract's `me` tag. */
export function createMeHandlers(deps: { profiles: ReturnType<typeof createProfileService> }) {
  return {
    getMe(request: OperationRequest<'getMe'>) {
      return deps.profiles.getOrCreateProfile(requireIdentity(request))
    },
  }
}
