import type { FastifyReply, FastifyRequest } from 'fastify'
import type { OperationRequest } from '../http/operation-types.ts'
import { HttpProblem } from '../http/problem.ts'
import { requireCapability } from '../http/require-capability.ts'
import { requireIdentity } from '../http/require-identity.ts'
import type { BillingService } from '../services/billing/billing-service.ts'
import type { createMembershipService } from '../services/membership-service.ts'

export interface BillingHandlerDeps {
  members: ReturnType<typeof createMembershipService>
  billing: BillingService
}

/** Where Stripe sends its events; its body is kept raw for the signature. */
export const STRIPE_WEBHOOK_PATH = '/api/v1/webhooks/stripe'

/** Handlers for the contract's `billing` tag. */
export function createBillingHandlers({ members, billing }: BillingHandlerDeps) {
  const memberOf = (request: FastifyRequest) => members.resolve(requireIdentity(request))
  const ownerOf = async (request: FastifyRequest) => {
    const member = await memberOf(request)
    requireCapability(member, 'billing.manage', 'manage billing')
    return member
  }

  return {
    async listPlans(request: OperationRequest<'listPlans'>) {
      await memberOf(request)
      return billing.listPlans()
    },

    async getPlanUsage(request: OperationRequest<'getPlanUsage'>) {
      const member = await memberOf(request)
      requireCapability(member, 'team.read', 'see the team')
      return billing.planUsage(member)
    },

    async getBilling(request: OperationRequest<'getBilling'>) {
      return billing.overview(await ownerOf(request))
    },

    async createCheckoutSession(
      request: OperationRequest<'createCheckoutSession'>,
      reply: FastifyReply,
    ) {
      const redirect = await billing.startCheckout(await ownerOf(request), request.body)
      reply.code(201)
      return redirect
    },

    async syncCheckoutSession(request: OperationRequest<'syncCheckoutSession'>) {
      const member = await ownerOf(request)
      return billing.syncCheckoutSession(member, request.params.checkoutSessionId)
    },

    async createPortalSession(
      request: OperationRequest<'createPortalSession'>,
      reply: FastifyReply,
    ) {
      const redirect = await billing.openPortal(await ownerOf(request))
      reply.code(201)
      return redirect
    },

    async receiveStripeWebhook(request: FastifyRequest) {
      const signature = request.headers['stripe-signature']
      if (!request.rawBody || typeof signature !== 'string') {
        throw new HttpProblem(400, 'A Stripe event needs its Stripe-Signature header.', {
          errors: [{ path: 'header.stripe-signature', message: 'is required' }],
        })
      }
      return billing.receiveWebhook(request.rawBody, signature)
    },
  }
}
