import { fromPromise } from 'xstate'
import {
  type CheckoutChoices,
  type CheckoutSync,
  checkoutMachine,
  type SessionRedirect,
  type SessionRequest,
} from '../../machines/checkout.machine'
import { createCheckoutSession, loadBillingOverview, loadPlans, syncCheckoutSession } from './api'

/**
 * The checkout machine with the browser's effects. The screen adds `activated` (it needs the
 * auth context). `goTo` leaves the app: the hosted checkout and portal are Stripe's pages.
 */
export const checkoutLogic = checkoutMachine.provide({
  actors: {
    loadChoices: fromPromise<CheckoutChoices>(async () => {
      const [plans, overview] = await Promise.all([loadPlans(), loadBillingOverview()])
      return { plans, subscription: overview.subscription, interval: overview.interval }
    }),
    createSession: fromPromise<SessionRedirect, SessionRequest>(({ input }) =>
      createCheckoutSession(input.planId, input.interval),
    ),
    syncSession: fromPromise<CheckoutSync, { sessionId: string }>(({ input }) =>
      syncCheckoutSession(input.sessionId),
    ),
  },
  actions: {
    goTo: (_, { url }) => window.location.assign(url),
  },
})
