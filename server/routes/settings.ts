import type { FastifyReply } from 'fastify'
import { HttpProblem } from '../http/problem.ts'
import type { createLogoService } from '../services/logo-service.ts'
import type { createSettingsService } from '../services/settings-service.ts'
import type { MemberRequest } from './operation-access.ts'

/** Handlers for the contract's `settings` tag: owners and admins only (payment settings: owners). */
export function createSettingsHandlers(deps: {
  settings: ReturnType<typeof createSettingsService>
  logos: ReturnType<typeof createLogoService>
}) {
  const { settings, logos } = deps
  return {
    async getSettings(request: MemberRequest<'getSettings'>) {
      return settings.get(request.member)
    },

    async updateBookingPolicy(request: MemberRequest<'updateBookingPolicy'>) {
      return settings.updateBookingPolicy(request.member, request.body)
    },

    async updateNotificationSettings(request: MemberRequest<'updateNotificationSettings'>) {
      return settings.updateNotifications(request.member, request.body)
    },

    async getPaymentSettings(request: MemberRequest<'getPaymentSettings'>) {
      return settings.getPayments(request.member)
    },

    async updatePaymentSettings(request: MemberRequest<'updatePaymentSettings'>) {
      return settings.updatePayments(request.member, request.body)
    },

    async updateAppearanceSettings(request: MemberRequest<'updateAppearanceSettings'>) {
      return settings.updateAppearance(request.member, request.body)
    },

    /** The raw file as the body, its media type in Content-Type (one of the contract's three). */
    async uploadLogo(request: MemberRequest<'uploadLogo'>) {
      const body: unknown = request.body
      if (!Buffer.isBuffer(body) || body.length === 0) {
        throw new HttpProblem(400, 'The logo file is empty.', {
          errors: [{ path: 'body', message: 'must be an image file' }],
        })
      }
      const contentType = (request.headers['content-type'] ?? '').split(';')[0]?.trim() ?? ''
      return logos.upload(request.member, body, contentType.toLowerCase())
    },

    async deleteLogo(request: MemberRequest<'deleteLogo'>, reply: FastifyReply) {
      await logos.remove(request.member)
      return reply.code(204).send()
    },

    async getEmbedSettings(request: MemberRequest<'getEmbedSettings'>) {
      return settings.getEmbed(request.member)
    },

    async updateEmbedSettings(request: MemberRequest<'updateEmbedSettings'>) {
      return settings.updateEmbed(request.member, request.body)
    },

    async getPrivacySettings(request: MemberRequest<'getPrivacySettings'>) {
      return settings.getPrivacy(request.member)
    },

    async updatePrivacySettings(request: MemberRequest<'updatePrivacySettings'>) {
      return settings.updatePrivacy(request.member, request.body)
    },

    async updateLanguageSettings(request: MemberRequest<'updateLanguageSettings'>) {
      return settings.updateLanguage(request.member, request.body)
    },
  }
}
