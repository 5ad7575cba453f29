import type { FastifyReply, FastifyRequest } from 'fastify'
import { HttpProblem } from '../http/problem.ts'
import type { BillingService } from '../services/billing/billing-service.ts'
import type { MemberRequest } from './operation-access.ts'

export interface BillingHandlerDeps {
  billing: BillingService
}

/** Where Stripe sends its events; its body is kept raw for the signature. */
export const STRIPE_WEBHOOK_PATH = '/api/v1/webhooks/stripe'

/** Handlers for the contract's `billing` tag. */
export function createBillingHandlers({ billing }: BillingHandlerDeps) {
  return {
    // The same for everyone; the access check still admits only members of a business.
    listPlans: () => billing.listPlans(),

    async getPlanUsage(request: MemberRequest<'getPlanUsage'>) {
      return billing.planUsage(request.member)
    },

    async getBilling(request: MemberRequest<'getBilling'>) {
      return billing.overview(request.member)
    },

    async createCheckoutSession(
      request: MemberRequest<'createCheckoutSession'>,
      reply: FastifyReply,
    ) {
      const redirect = await billing.startCheckout(request.member, request.body)
      reply.code(201)
      return redirect
    },

    async syncCheckoutSession(request: MemberRequest<'syncCheckoutSession'>) {
      return billing.syncCheckoutSession(request.member, request.params.checkoutSessionId)
    },

    async createPortalSession(request: MemberRequest<'createPortalSession'>, reply: FastifyReply) {
      const redirect = await billing.openPortal(request.member)
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
