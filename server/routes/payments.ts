import { Readable } from 'node:stream'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { appointmentColumnOf } from '../domain/member.ts'
import { HttpProblem } from '../http/problem.ts'
import type { NoShowFeeService } from '../services/payments/no-show-fee-service.ts'
import type { PaymentAccountService } from '../services/payments/payment-account-service.ts'
import type { PaymentListService } from '../services/payments/payment-list-service.ts'
import type { MemberRequest } from './operation-access.ts'

export interface PaymentHandlerDeps {
  paymentAccounts: PaymentAccountService
  paymentList: PaymentListService
  noShowFees: NoShowFeeService
}

/**
 * Where Stripe sends the events of connected accounts: a Connect endpoint of its own, with its
 * own signing secret. Its body is kept raw for the signature.
 */
export const STRIPE_CONNECT_WEBHOOK_PATH = '/api/v1/webhooks/stripe-connect'

/** Handlers for the contract's `payments` tag. */
export function createPaymentHandlers({
  paymentAccounts,
  paymentList,
  noShowFees,
}: PaymentHandlerDeps) {
  return {
    async getPaymentAccount(request: MemberRequest<'getPaymentAccount'>) {
      return paymentAccounts.account(request.member)
    },

    async createPaymentOnboardingLink(
      request: MemberRequest<'createPaymentOnboardingLink'>,
      reply: FastifyReply,
    ) {
      const link = await paymentAccounts.startOnboarding(request.member)
      reply.code(201)
      return link
    },

    async syncPaymentAccount(request: MemberRequest<'syncPaymentAccount'>) {
      return paymentAccounts.syncAccount(request.member)
    },

    async listPayments(request: MemberRequest<'listPayments'>) {
      const { limit = 25, ...query } = request.query
      return paymentList.list(request.member, { ...query, limit })
    },

    async exportPayments(request: MemberRequest<'exportPayments'>, reply: FastifyReply) {
      const file = await paymentList.export(request.member, request.query)
      return reply
        .header('content-type', 'text/csv; charset=utf-8; header=present')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(file.chunks))
    },

    async getNoShowFee(request: MemberRequest<'getNoShowFee'>) {
      return noShowFees.fee(request.member.tenantId, request.params.appointmentId)
    },

    async chargeNoShowFee(request: MemberRequest<'chargeNoShowFee'>) {
      const { member } = request
      const key = request.headers['idempotency-key']
      return noShowFees.chargeFee(
        {
          tenantId: member.tenantId,
          onlyTeamMemberId: appointmentColumnOf(member),
          actor: member.actor,
        },
        request.params.appointmentId,
        typeof key === 'string' ? key : undefined,
      )
    },

    async receiveStripeConnectWebhook(request: FastifyRequest) {
      const signature = request.headers['stripe-signature']
      if (!request.rawBody || typeof signature !== 'string') {
        throw new HttpProblem(400, 'A Stripe event needs its Stripe-Signature header.', {
          errors: [{ path: 'header.stripe-signature', message: 'is required' }],
        })
      }
      return paymentAccounts.receiveWebhook(request.rawBody, signature)
    },
  }
}
