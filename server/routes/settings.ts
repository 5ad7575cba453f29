import type { FastifyRequest } from 'fastify'
import type { OperationRequest } from '../http/operation-types.ts'
import { requireCapability } from '../http/require-capability.ts'
import { requireIdentity } from '../http/require-identity.ts'
import type { createMembershipService } from '../services/membership-service.ts'
import type { createSettingsService } from '../services/settings-service.ts'

/** Handlers for the contract's `settings` tag: owners and admins only. */
export function createSettingsHandlers(deps: {
  members: ReturnType<typeof createMembershipService>
  settings: ReturnType<typeof createSettingsService>
}) {
  const { settings } = deps
  const memberOf = (request: FastifyRequest) => deps.members.resolve(requireIdentity(request))

  return {
    async getSettings(request: OperationRequest<'getSettings'>) {
      const member = await memberOf(request)
      requireCapability(member, 'settings.read', 'see the settings')
      return settings.get(member)
    },

    async updateBookingPolicy(request: OperationRequest<'updateBookingPolicy'>) {
      const member = await memberOf(request)
      requireCapability(member, 'settings.write', 'change the booking policy')
      return settings.updateBookingPolicy(member, request.body)
    },

    async updateNotificationSettings(request: OperationRequest<'updateNotificationSettings'>) {
      const member = await memberOf(request)
      requireCapability(member, 'settings.write', 'change the notification settings')
      return settings.updateNotifications(member, request.body)
    },

    async updateAppearanceSettings(request: OperationRequest<'updateAppearanceSettings'>) {
      const member = await memberOf(request)
      requireCapability(member, 'settings.write', 'change the appearance')
      return settings.updateAppearance(member, request.body)
    },

    async updateLanguageSettings(request: OperationRequest<'updateLanguageSettings'>) {
      const member = await memberOf(request)
      requireCapability(member, 'settings.write', 'change the language settings')
      return settings.updateLanguage(member, request.body)
    },
  }
}
