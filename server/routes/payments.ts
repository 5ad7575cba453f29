import { Readable } from 'node:stream'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { can } from '../../shared/permissions.ts'
import type { Member } from '../domain/member.ts'
import type { OperationRequest } from '../http/operation-types.ts'
import { HttpProblem } from '../http/problem.ts'
import { requireCapability } from '../http/require-capability.ts'
import { requireIdentity } from '../http/require-identity.ts'
import type { createMembershipService } from '../services/membership-service.ts'
import type { NoShowFeeService } from '../services/payments/no-show-fee-service.ts'
import type { PaymentAccountService } from '../services/payments/payment-account-service.ts'
import type { PaymentListService } from '../services/payments/payment-list-service.ts'

export interface PaymentHandlerDeps {
  members: ReturnType<typeof createMembershipService>
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
  members,
  paymentAccounts,
  paymentList,
  noShowFees,
}: PaymentHandlerDeps) {
  const ownerOf = async (request: FastifyRequest) => {
    const member = await members.resolve(requireIdentity(request))
    requireCapability(member, 'payments.manage', 'manage payments')
    return member
  }
  const readerOf = async (request: FastifyRequest) => {
    const member = await members.resolve(requireIdentity(request))
    requireCapability(member, 'payments.read', 'see payments')
    return member
  }

  return {
    async getPaymentAccount(request: OperationRequest<'getPaymentAccount'>) {
      return paymentAccounts.account(await ownerOf(request))
    },

    async createPaymentOnboardingLink(
      request: OperationRequest<'createPaymentOnboardingLink'>,
      reply: FastifyReply,
    ) {
      const link = await paymentAccounts.startOnboarding(await ownerOf(request))
      reply.code(201)
      return link
    },

    async syncPaymentAccount(request: OperationRequest<'syncPaymentAccount'>) {
      return paymentAccounts.syncAccount(await ownerOf(request))
    },

    async listPayments(request: OperationRequest<'listPayments'>) {
      const { limit = 25, ...query } = request.query
      return paymentList.list(await readerOf(request), { ...query, limit })
    },

    async exportPayments(request: OperationRequest<'exportPayments'>, reply: FastifyReply) {
      const file = await paymentList.export(await readerOf(request), request.query)
      return reply
        .header('content-type', 'text/csv; charset=utf-8; header=present')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(file.chunks))
    },

    async getNoShowFee(request: OperationRequest<'getNoShowFee'>) {
      const member = await members.resolve(requireIdentity(request))
      requireCapability(member, 'appointments.read', 'see appointments')
      return noShowFees.fee(member.tenantId, request.params.appointmentId)
    },

    async chargeNoShowFee(request: OperationRequest<'chargeNoShowFee'>) {
      const member = await members.resolve(requireIdentity(request))
      const key = request.headers['idempotency-key']
      return noShowFees.chargeFee(
        {
          tenantId: member.tenantId,
          onlyTeamMemberId: ownColumn(member),
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

/**
 * Whose no-show fees the member may charge: whoever may close an appointment may charge its
 * fee; anyone's with 'appointments.write', their own column's with 'appointments.writeOwn'.
 */
function ownColumn(member: Member): string | null {
  const what = 'charge no-show fees'
  if (can(member.permission, 'appointments.write')) return null
  requireCapability(member, 'appointments.writeOwn', what)
  if (!member.teamMemberId) {
    throw new HttpProblem(
      403,
      `You don't have permission to ${what}: you have no team-member record.`,
    )
  }
  return member.teamMemberId
}
