import type { FastifyReply, FastifyRequest } from 'fastify'
import type { OperationRequest } from '../http/operation-types.ts'
import { HttpProblem } from '../http/problem.ts'
import { requireCapability } from '../http/require-capability.ts'
import { requireIdentity } from '../http/require-identity.ts'
import type { createLogoService } from '../services/logo-service.ts'
import type { createMembershipService } from '../services/membership-service.ts'
import type { createSettingsService } from '../services/settings-service.ts'

/** Handlers for the contract's `settings` tag: owners and admins only (payment settings: owners). */
export function createSettingsHandlers(deps: {
  members: ReturnType<typeof createMembershipService>
  settings: ReturnType<typeof createSettingsService>
  logos: ReturnType<typeof createLogoService>
}) {
  const { settings, logos } = deps
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

    async getPaymentSettings(request: OperationRequest<'getPaymentSettings'>) {
      const member = await memberOf(request)
      requireCapability(member, 'payments.manage', 'see the payment settings')
      return settings.getPayments(member)
    },

    async updatePaymentSettings(request: OperationRequest<'updatePaymentSettings'>) {
      const member = await memberOf(request)
      requireCapability(member, 'payments.manage', 'change the payment settings')
      return settings.updatePayments(member, request.body)
    },

    async updateAppearanceSettings(request: OperationRequest<'updateAppearanceSettings'>) {
      const member = await memberOf(request)
      requireCapability(member, 'settings.write', 'change the appearance')
      return settings.updateAppearance(member, request.body)
    },

    /** The raw file as the body, its media type in Content-Type (one of the contract's three). */
    async uploadLogo(request: OperationRequest<'uploadLogo'>) {
      const member = await memberOf(request)
      requireCapability(member, 'settings.write', 'change the logo')
      const body: unknown = request.body
      if (!Buffer.isBuffer(body) || body.length === 0) {
        throw new HttpProblem(400, 'The logo file is empty.', {
          errors: [{ path: 'body', message: 'must be an image file' }],
        })
      }
      const contentType = (request.headers['content-type'] ?? '').split(';')[0]?.trim() ?? ''
      return logos.upload(member, body, contentType.toLowerCase())
    },

    async deleteLogo(request: OperationRequest<'deleteLogo'>, reply: FastifyReply) {
      const member = await memberOf(request)
      requireCapability(member, 'settings.write', 'remove the logo')
      await logos.remove(member)
      return reply.code(204).send()
    },

    async getEmbedSettings(request: OperationRequest<'getEmbedSettings'>) {
      const member = await memberOf(request)
      requireCapability(member, 'settings.read', 'see the embed settings')
      return settings.getEmbed(member)
    },

    async updateEmbedSettings(request: OperationRequest<'updateEmbedSettings'>) {
      const member = await memberOf(request)
      requireCapability(member, 'settings.write', 'change the embed settings')
      return settings.updateEmbed(member, request.body)
    },

    async getPrivacySettings(request: OperationRequest<'getPrivacySettings'>) {
      const member = await memberOf(request)
      requireCapability(member, 'settings.read', 'see the privacy notice settings')
      return settings.getPrivacy(member)
    },

    async updatePrivacySettings(request: OperationRequest<'updatePrivacySettings'>) {
      const member = await memberOf(request)
      requireCapability(member, 'settings.write', 'change the privacy notice')
      return settings.updatePrivacy(member, request.body)
    },

    async updateLanguageSettings(request: OperationRequest<'updateLanguageSettings'>) {
      const member = await memberOf(request)
      requireCapability(member, 'settings.write', 'change the language settings')
      return settings.updateLanguage(member, request.body)
    },
  }
}
