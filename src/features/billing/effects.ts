import { fromPromise } from 'xstate'
import type { components } from '../../../shared/contract/schema'
import {
  type CheckoutChoices,
  type CheckoutSync,
  checkoutMachine,
  type SessionRedirect,
  type SessionRequest,
} from '../../machines/checkout.machine'
import { createLoadMachine } from '../../machines/page-load.machine'
import {
  type BillingOverview,
  createCheckoutSession,
  loadBillingOverview,
  loadPlans,
  syncCheckoutSession,
} from './api'

type Subscription = components['schemas']['Subscription']

/** The billing overview (plan, usage, invoices, card), loaded from the API. */
export const overviewLogic = createLoadMachine<BillingOverview>().provide({
  actors: { load: fromPromise(() => loadBillingOverview()) },
})

/**
 * The checkout machine with the browser's effects. `goTo` leaves the app: the hosted checkout
 * and portal are Stripe's pages.
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

/**
 * The checkout machine on the way back from Stripe: `onActivated` hears of the subscription
 * the session started (the screen hands it to the auth context).
 */
export function createCheckoutReturnLogic(onActivated: (subscription: Subscription) => void) {
  return checkoutLogic.provide({
    actions: { activated: (_, { subscription }) => onActivated(subscription) },
  })
}
