/**
 * Model-based test of choosing and paying for a plan (see support/describe-model.ts): the plan
 * page loads the plans and the current subscription, lets the owner choose a plan and an
 * interval (never Free, never what the business already has), and sends the browser to the
 * hosted checkout; the return page syncs the session and shows the plan now in force, or why
 * not. Each failure keeps its sentence and retries where it failed. Which plan and interval the
 * session was asked for, and which navigation and activation the machine asked the app for,
 * are checked on the fakes at every step.
 */
import { describe, expect } from 'vitest'
import { ApiError } from '../../src/api/api-error'
import {
  type CheckoutEvent,
  type CheckoutInput,
  checkoutMachine,
} from '../../src/machines/checkout.machine'
import { describeModel, parkedActor } from '../support/model/describe-model'
import {
  done,
  failed,
  loadAnswers,
  type ModelEvent,
  sampleErrors,
} from '../support/model/sample-events'
import { samplePlans, sampleSubscription } from '../support/unit/billing-samples'

type CheckoutSnapshot = ReturnType<typeof checkoutMachine.getInitialSnapshot>

const checkoutUrl = 'https://checkout.stripe.test/c/cs_test_1'
const proYearly = sampleSubscription({
  plan_id: 'pro',
  plan_name: 'Pro',
  current_period_end: '2027-03-01T00:00:00Z',
})

const sampleEvents: ModelEvent<CheckoutEvent>[] = [
  { type: 'checkout.planChosen', planId: 'free' },
  { type: 'checkout.planChosen', planId: 'starter' },
  { type: 'checkout.planChosen', planId: 'pro' },
  { type: 'checkout.intervalChosen', interval: 'month' },
  { type: 'checkout.intervalChosen', interval: 'year' },
  { type: 'checkout.continue' },
  { type: 'checkout.retry' },
  { type: 'checkout.back' },
  { type: 'checkout.cameBack' },
  ...loadAnswers(
    'loadChoices',
    {
      'on Free': { plans: samplePlans, subscription: sampleSubscription(), interval: null },
      'on Starter monthly': {
        plans: samplePlans,
        subscription: sampleSubscription({ plan_id: 'starter', plan_name: 'Starter' }),
        interval: 'month',
      },
    },
    ['offline'],
  ),
  done('createSession', { url: checkoutUrl, destination: 'checkout' }, 'checkout page'),
  failed(
    'createSession',
    new ApiError(409, { status: 409, detail: 'Your business is already on Pro, billed yearly.' }),
    'same plan',
  ),
  failed('createSession', sampleErrors.offline, 'offline'),
  done(
    'syncSession',
    { session_status: 'complete', subscription: proYearly, interval: 'year' },
    'complete',
  ),
  done(
    'syncSession',
    { session_status: 'open', subscription: sampleSubscription(), interval: null },
    'open',
  ),
  done(
    'syncSession',
    { session_status: 'expired', subscription: sampleSubscription(), interval: null },
    'expired',
  ),
  failed('syncSession', sampleErrors.notFound, 'another business'),
]

const starts: {
  prefix: string
  input: CheckoutInput
  edgesFrom?: (s: CheckoutSnapshot) => boolean
}[] = [
  { prefix: '[plans] ', input: {} },
  {
    // A link from the team's limit notice only changes what is chosen first.
    prefix: '[plans from a link] ',
    input: { planId: 'pro', interval: 'year' },
    edgesFrom: (snapshot) => snapshot.matches('loading') || snapshot.matches('starting'),
  },
  { prefix: '[return page] ', input: { sessionId: 'cs_test_1' } },
]

describe('checkout machine paths from its graph', () => {
  describeModel({
    name: 'checkout',
    machine: checkoutMachine,
    starts,
    events: sampleEvents,
    observe: (snapshot: CheckoutSnapshot) => {
      const { context } = snapshot
      return {
        value: snapshot.value,
        plans: context.plans.length,
        currentPlanId: context.currentPlanId,
        currentInterval: context.currentInterval,
        chosenPlanId: context.chosenPlanId,
        chosenInterval: context.chosenInterval,
        redirectUrl: context.redirectUrl,
        activated: context.activated && {
          planId: context.activated.subscription.plan_id,
          interval: context.activated.interval,
        },
        error: context.error,
        failedAt: context.failedAt,
        loading: snapshot.hasTag('loading'),
        busy: snapshot.hasTag('busy'),
      }
    },
    harness: (input, inspect) => {
      const harness = parkedActor(checkoutMachine, {
        effects: ['loadChoices', 'createSession', 'syncSession'],
        actions: ['goTo', 'activated'],
        input,
        inspect,
      })
      return {
        ...harness,
        afterStep: ({ event, before, after, at }) => {
          // A session is asked for exactly the plan and interval on screen.
          if (after.matches('redirecting') && !before.matches('redirecting')) {
            expect(harness.asked('createSession'), at).toEqual([
              { planId: before.context.chosenPlanId, interval: before.context.chosenInterval },
            ])
          }
          if (after.matches('syncing') && !before.matches('syncing')) {
            expect(harness.asked('syncSession'), at).toEqual([{ sessionId: 'cs_test_1' }])
          }
          // The app navigates once the session exists, and stores the plan once it is paid.
          const expected =
            event.type === 'xstate.done.actor.createSession'
              ? ['goTo']
              : event.type === 'xstate.done.actor.syncSession' && after.matches('activated')
                ? ['activated']
                : []
          expect(harness.heard(), at).toEqual(expected)
        },
      }
    },
  })
})
