import { assign, fromPromise, setup } from 'xstate'
import type { components } from '../../shared/contract/schema'
import { isFreePlan } from '../domain/billing'
import { messageOf } from './call-errors'

type Plan = components['schemas']['Plan']
type Subscription = components['schemas']['Subscription']
export type BillingInterval = components['schemas']['BillingInterval']

/** What the plan chooser starts from: every plan, and what the business is on now. */
export interface CheckoutChoices {
  plans: Plan[]
  subscription: Subscription
  /** How the current paid plan is billed; null without a subscription (Free, the trial). */
  interval: BillingInterval | null
}

export interface SessionRequest {
  planId: string
  interval: BillingInterval
}

/** Where the browser goes next (the hosted checkout, or the portal page confirming a change). */
export interface SessionRedirect {
  url: string
  destination: 'checkout' | 'portal'
}

/** The return page's sync of a checkout session, with how the new plan is billed if known. */
export interface CheckoutSync {
  session_status: 'open' | 'complete' | 'expired'
  subscription: Subscription
  interval: BillingInterval | null
}

/**
 * The plan page starts without `sessionId` (with an optional plan and interval from its link);
 * the return page from the hosted checkout starts with the session it came back from.
 */
export interface CheckoutInput {
  sessionId?: string | null
  planId?: string | null
  interval?: BillingInterval | null
}

export type CheckoutEvent =
  | { type: 'checkout.planChosen'; planId: string }
  | { type: 'checkout.intervalChosen'; interval: BillingInterval }
  | { type: 'checkout.continue' }
  | { type: 'checkout.retry' }
  /** From a failed redirect: back to the plans, to choose another. */
  | { type: 'checkout.back' }
  /** The page came back from the browser's cache after leaving for checkout (Back button). */
  | { type: 'checkout.cameBack' }

type FailedAt = 'loading' | 'redirecting' | 'syncing'

export interface CheckoutContext {
  sessionId: string | null
  plans: Plan[]
  /** The plan the business is on now, and how it is billed (null: not billed). */
  currentPlanId: string | null
  currentInterval: BillingInterval | null
  subscription: Subscription | null
  chosenPlanId: string | null
  chosenInterval: BillingInterval
  /** The interval the page's link asked for, which wins over how the business pays now. */
  requestedInterval: BillingInterval | null
  /** Where the browser was sent; set once the session exists. */
  redirectUrl: string | null
  /** After a completed checkout: the plan now in force and its interval. */
  activated: { subscription: Subscription; interval: BillingInterval | null } | null
  error: string | null
  failedAt: FailedAt | null
}

export const NOT_PAID_MESSAGE =
  'Your payment was not completed, so your plan has not changed. You can try again.'
export const EXPIRED_MESSAGE =
  'Your checkout session expired before the payment was completed, so your plan has not changed. Choose your plan again to start a new one.'

/** Why "Continue" cannot be pressed for this choice, or null when it can. */
export function continueRefusal(
  context: Pick<
    CheckoutContext,
    'plans' | 'chosenPlanId' | 'chosenInterval' | 'currentPlanId' | 'currentInterval'
  >,
): 'noPlan' | 'free' | 'current' | null {
  const plan = context.plans.find((candidate) => candidate.id === context.chosenPlanId)
  if (!plan) return 'noPlan'
  if (isFreePlan(plan)) return 'free'
  if (plan.id === context.currentPlanId && context.chosenInterval === context.currentInterval) {
    return 'current'
  }
  return null
}

/**
 * The plan to preselect: the link's plan if it exists, else the current plan when it is paid,
 * else the first paid plan (plans come cheapest first).
 */
function initialPlanId(plans: Plan[], wanted: string | null, current: string): string | null {
  if (wanted && plans.some((plan) => plan.id === wanted)) return wanted
  const currentPlan = plans.find((plan) => plan.id === current)
  if (currentPlan && !isFreePlan(currentPlan)) return currentPlan.id
  return plans.find((plan) => !isFreePlan(plan))?.id ?? plans[0]?.id ?? null
}

/**
 * Choosing and paying for a plan. The plan page: `loading` (plans and the current
 * subscription) → `choosing` (plan and interval; Continue refused for Free and for what the
 * business already has) → `redirecting` (creates the session, then `goTo(url)`: a full-page
 * navigation the app provides). The return page (`sessionId` in the input): `syncing` →
 * `activated` when the session is complete, else `failed` with why. `failed` keeps the
 * sentence and retries where it failed.
 */
export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    input: {} as CheckoutInput,
  },
  actors: {
    loadChoices: fromPromise<CheckoutChoices>(async () => {
      throw new Error('loadChoices is provided by the app')
    }),
    createSession: fromPromise<SessionRedirect, SessionRequest>(async () => {
      throw new Error('createSession is provided by the app')
    }),
    syncSession: fromPromise<CheckoutSync, { sessionId: string }>(async () => {
      throw new Error('syncSession is provided by the app')
    }),
  },
  actions: {
    /** A full-page navigation to the hosted page (provided by the app). */
    goTo: (_, _params: { url: string }) => {},
    /** The new subscription is in force: the app stores it (profile, banner). */
    activated: (_, _params: { subscription: Subscription }) => {},
  },
  guards: {
    hasSession: ({ context }) => context.sessionId !== null,
    isKnownPlan: ({ context, event }) =>
      event.type === 'checkout.planChosen' &&
      context.plans.some((plan) => plan.id === event.planId),
    canContinue: ({ context }) => continueRefusal(context) === null,
    isComplete: (_, output: CheckoutSync) => output.session_status === 'complete',
    isExpired: (_, output: CheckoutSync) => output.session_status === 'expired',
    failedLoading: ({ context }) => context.failedAt === 'loading',
    failedRedirecting: ({ context }) => context.failedAt === 'redirecting',
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => ({
    sessionId: input.sessionId ?? null,
    plans: [],
    currentPlanId: null,
    currentInterval: null,
    subscription: null,
    chosenPlanId: input.planId ?? null,
    chosenInterval: input.interval ?? 'month',
    requestedInterval: input.interval ?? null,
    redirectUrl: null,
    activated: null,
    error: null,
    failedAt: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasSession', target: 'syncing' }, { target: 'loading' }],
    },
    loading: {
      tags: ['loading'],
      entry: assign({ error: null, failedAt: null }),
      invoke: {
        id: 'loadChoices',
        src: 'loadChoices',
        onDone: {
          target: 'choosing',
          actions: assign(({ context, event }) => {
            const { plans, subscription, interval } = event.output
            return {
              plans,
              subscription,
              currentPlanId: subscription.plan_id,
              currentInterval: interval,
              chosenPlanId: initialPlanId(plans, context.chosenPlanId, subscription.plan_id),
              // A link's interval wins; else how the business pays now; else monthly.
              chosenInterval: context.requestedInterval ?? interval ?? 'month',
            }
          }),
        },
        onError: {
          target: 'failed',
          actions: assign({
            error: ({ event }) => messageOf(event.error, 'The plans could not be loaded.'),
            failedAt: 'loading',
          }),
        },
      },
    },
    choosing: {
      on: {
        'checkout.planChosen': {
          guard: 'isKnownPlan',
          actions: assign({ chosenPlanId: ({ event }) => event.planId }),
        },
        'checkout.intervalChosen': {
          actions: assign({ chosenInterval: ({ event }) => event.interval }),
        },
        'checkout.continue': { guard: 'canContinue', target: 'redirecting' },
      },
    },
    redirecting: {
      tags: ['busy'],
      initial: 'creating',
      states: {
        creating: {
          entry: assign({ error: null, failedAt: null, redirectUrl: null }),
          invoke: {
            id: 'createSession',
            src: 'createSession',
            input: ({ context }) => ({
              planId: context.chosenPlanId ?? '',
              interval: context.chosenInterval,
            }),
            onDone: {
              target: 'leaving',
              actions: assign({ redirectUrl: ({ event }) => event.output.url }),
            },
            onError: {
              target: '#checkout.failed',
              actions: assign({
                error: ({ event }) =>
                  messageOf(event.error, 'The secure checkout could not be opened.'),
                failedAt: 'redirecting',
              }),
            },
          },
        },
        // The browser is on its way to the hosted page; the busy state stays until it is gone.
        leaving: {
          entry: {
            type: 'goTo',
            params: ({ context }) => ({ url: context.redirectUrl ?? '' }),
          },
          on: {
            // Back from the hosted page through the browser's cache: choose again.
            'checkout.cameBack': '#checkout.choosing',
          },
        },
      },
    },
    syncing: {
      tags: ['loading'],
      entry: assign({ error: null, failedAt: null }),
      invoke: {
        id: 'syncSession',
        src: 'syncSession',
        input: ({ context }) => ({ sessionId: context.sessionId ?? '' }),
        onDone: [
          {
            guard: { type: 'isComplete', params: ({ event }) => event.output },
            target: 'activated',
            actions: [
              assign({
                subscription: ({ event }) => event.output.subscription,
                activated: ({ event }) => ({
                  subscription: event.output.subscription,
                  interval: event.output.interval,
                }),
              }),
              {
                type: 'activated',
                params: ({ event }) => ({ subscription: event.output.subscription }),
              },
            ],
          },
          {
            guard: { type: 'isExpired', params: ({ event }) => event.output },
            target: 'failed',
            actions: assign({ error: EXPIRED_MESSAGE, failedAt: 'syncing' }),
          },
          {
            target: 'failed',
            actions: assign({ error: NOT_PAID_MESSAGE, failedAt: 'syncing' }),
          },
        ],
        onError: {
          target: 'failed',
          actions: assign({
            error: ({ event }) => messageOf(event.error, 'Your payment could not be confirmed.'),
            failedAt: 'syncing',
          }),
        },
      },
    },
    activated: {},
    failed: {
      on: {
        'checkout.retry': [
          { guard: 'failedLoading', target: 'loading' },
          { guard: 'failedRedirecting', target: 'redirecting' },
          { target: 'syncing' },
        ],
        'checkout.back': { guard: 'failedRedirecting', target: 'choosing' },
      },
    },
  },
})
