import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { components } from '../../../../shared/contract/schema'
import { ApiError } from '../../../../src/api/api-error'
import {
  type CheckoutChoices,
  type CheckoutInput,
  type CheckoutSync,
  checkoutMachine,
  continueRefusal,
  EXPIRED_MESSAGE,
  NOT_PAID_MESSAGE,
  type SessionRedirect,
  type SessionRequest,
} from '../../../../src/machines/checkout.machine'
import { samplePlans, sampleSubscription } from '../../../support/unit/billing-samples'

type Subscription = components['schemas']['Subscription']

async function flush() {
  for (let i = 0; i < 5; i++) await Promise.resolve()
}

const onFree: CheckoutChoices = {
  plans: samplePlans,
  subscription: sampleSubscription(),
  interval: null,
}
const onStarterMonthly: CheckoutChoices = {
  plans: samplePlans,
  subscription: sampleSubscription({ plan_id: 'starter', plan_name: 'Starter' }),
  interval: 'month',
}
const proTrial: CheckoutChoices = {
  plans: samplePlans,
  subscription: sampleSubscription({
    plan_id: 'pro',
    plan_name: 'Pro',
    status: 'trialing',
    trial_ends_at: '2026-04-01T00:00:00Z',
  }),
  interval: null,
}

function run(
  input: CheckoutInput,
  answers: {
    choices?: () => Promise<CheckoutChoices>
    session?: (request: SessionRequest) => Promise<SessionRedirect>
    sync?: () => Promise<CheckoutSync>
  },
) {
  const wentTo: string[] = []
  const activated: Subscription[] = []
  const sessions: SessionRequest[] = []
  const logic = checkoutMachine.provide({
    actors: {
      loadChoices: fromPromise(() => (answers.choices ?? (async () => onFree))()),
      createSession: fromPromise<SessionRedirect, SessionRequest>(({ input: request }) => {
        sessions.push(request)
        return (answers.session ?? (async () => ({ url: 'https://pay', destination: 'checkout' })))(
          request,
        )
      }),
      syncSession: fromPromise(() => (answers.sync ?? (() => new Promise<never>(() => {})))()),
    },
    actions: {
      goTo: (_, { url }) => wentTo.push(url),
      activated: (_, { subscription }) => activated.push(subscription),
    },
  })
  const actor = createActor(logic, { input }).start()
  return { actor, wentTo, activated, sessions }
}

describe('checkout machine: the plan page', () => {
  it('preselects the plan and interval of its link', async () => {
    const { actor } = run({ planId: 'starter', interval: 'year' }, { choices: async () => onFree })
    await flush()
    expect(actor.getSnapshot().context).toMatchObject({
      chosenPlanId: 'starter',
      chosenInterval: 'year',
      currentPlanId: 'free',
      currentInterval: null,
    })
  })

  it('falls back to the current paid plan and how it is billed, or the first paid plan', async () => {
    const starter = run({}, { choices: async () => onStarterMonthly })
    const free = run({ planId: 'gold' }, { choices: async () => onFree })
    await flush()
    expect(starter.actor.getSnapshot().context).toMatchObject({
      chosenPlanId: 'starter',
      chosenInterval: 'month',
    })
    expect(free.actor.getSnapshot().context.chosenPlanId).toBe('starter')
  })

  it('refuses to continue with Free or with the plan and interval already paid for', async () => {
    const { actor, sessions } = run({}, { choices: async () => onStarterMonthly })
    await flush()
    expect(continueRefusal(actor.getSnapshot().context)).toBe('current')
    expect(actor.getSnapshot().can({ type: 'checkout.continue' })).toBe(false)

    actor.send({ type: 'checkout.planChosen', planId: 'free' })
    expect(continueRefusal(actor.getSnapshot().context)).toBe('free')
    actor.send({ type: 'checkout.continue' })
    expect(actor.getSnapshot().matches('choosing')).toBe(true)

    // The same plan billed yearly is a change the owner may make.
    actor.send({ type: 'checkout.planChosen', planId: 'starter' })
    actor.send({ type: 'checkout.intervalChosen', interval: 'year' })
    expect(continueRefusal(actor.getSnapshot().context)).toBeNull()
    expect(sessions).toEqual([])
  })

  it('ignores a plan the API did not list', async () => {
    const { actor } = run({}, { choices: async () => onFree })
    await flush()
    actor.send({ type: 'checkout.planChosen', planId: 'gold' })
    expect(actor.getSnapshot().context.chosenPlanId).toBe('starter')
  })

  it('lets a trialing business buy the plan it is trying', async () => {
    const { actor, sessions, wentTo } = run({}, { choices: async () => proTrial })
    await flush()
    expect(actor.getSnapshot().context.chosenPlanId).toBe('pro')
    actor.send({ type: 'checkout.continue' })
    await flush()
    expect(sessions).toEqual([{ planId: 'pro', interval: 'month' }])
    expect(wentTo).toEqual(['https://pay'])
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
  })

  it('keeps the server’s sentence when the session is refused, and goes back or retries', async () => {
    let calls = 0
    const { actor, sessions } = run(
      {},
      {
        choices: async () => onFree,
        session: async () => {
          calls += 1
          if (calls === 1) {
            throw new ApiError(503, { status: 503, detail: 'Billing is not configured.' })
          }
          throw new ApiError(409, { status: 409, detail: 'You are already on Starter.' })
        },
      },
    )
    await flush()
    actor.send({ type: 'checkout.continue' })
    await flush()
    expect(actor.getSnapshot().matches('failed')).toBe(true)
    // A 5xx is worded by the one error type, not shown raw.
    expect(actor.getSnapshot().context.error).toMatch(/could not complete/)
    actor.send({ type: 'checkout.retry' })
    await flush()
    expect(actor.getSnapshot().context.error).toBe('You are already on Starter.')
    actor.send({ type: 'checkout.back' })
    expect(actor.getSnapshot().matches('choosing')).toBe(true)
    expect(sessions).toHaveLength(2)
  })

  it('retries a failed load', async () => {
    let calls = 0
    const { actor } = run(
      {},
      {
        choices: async () => {
          calls += 1
          if (calls === 1) throw new TypeError('Failed to fetch')
          return onFree
        },
      },
    )
    await flush()
    expect(actor.getSnapshot().context).toMatchObject({ failedAt: 'loading' })
    actor.send({ type: 'checkout.retry' })
    await flush()
    expect(actor.getSnapshot().matches('choosing')).toBe(true)
  })
})

describe('checkout machine: the return page', () => {
  const proYearly = sampleSubscription({ plan_id: 'pro', plan_name: 'Pro' })

  it('shows the plan in force once the session is complete, and has the app store it', async () => {
    const { actor, activated } = run(
      { sessionId: 'cs_1' },
      {
        sync: async () => ({
          session_status: 'complete',
          subscription: proYearly,
          interval: 'year',
        }),
      },
    )
    expect(actor.getSnapshot().hasTag('loading')).toBe(true)
    await flush()
    expect(actor.getSnapshot().matches('activated')).toBe(true)
    expect(actor.getSnapshot().context.activated).toEqual({
      subscription: proYearly,
      interval: 'year',
    })
    expect(activated).toEqual([proYearly])
  })

  it('says the payment was not completed for an open or expired session', async () => {
    const open = run(
      { sessionId: 'cs_1' },
      {
        sync: async () => ({
          session_status: 'open',
          subscription: sampleSubscription(),
          interval: null,
        }),
      },
    )
    const expired = run(
      { sessionId: 'cs_1' },
      {
        sync: async () => ({
          session_status: 'expired',
          subscription: sampleSubscription(),
          interval: null,
        }),
      },
    )
    await flush()
    expect(open.actor.getSnapshot().context.error).toBe(NOT_PAID_MESSAGE)
    expect(expired.actor.getSnapshot().context.error).toBe(EXPIRED_MESSAGE)
    expect(open.activated).toEqual([])
  })

  it('syncs again on retry', async () => {
    let calls = 0
    const { actor } = run(
      { sessionId: 'cs_1' },
      {
        sync: async () => {
          calls += 1
          if (calls === 1) throw new ApiError(404, { status: 404, detail: 'No such session.' })
          return { session_status: 'complete', subscription: proYearly, interval: 'month' }
        },
      },
    )
    await flush()
    expect(actor.getSnapshot().context.error).toBe('No such session.')
    actor.send({ type: 'checkout.retry' })
    await flush()
    expect(actor.getSnapshot().matches('activated')).toBe(true)
  })
})
