/**
 * Model-based test of the no-show fee machine (see support/describe-model.ts): every path of
 * its graph on a fresh actor with parked effects, full coverage of states and transitions.
 * At every step a charge is only ever asked for after staff confirmed it (so a decline is
 * never followed by a charge nobody pressed for), a new charge gets a new key, a charge whose
 * answer was lost is asked again under the same key, and staff hear of a charge exactly when
 * it succeeded.
 */
import { describe, expect } from 'vitest'
import { ApiError } from '../../src/api/api-error'
import {
  type NoShowFee,
  type NoShowFeeEvent,
  noShowFeeMachine,
} from '../../src/machines/no-show-fee.machine'
import { describeModel, parkedActor } from '../support/model/describe-model'
import { done, failed, type ModelEvent, sampleErrors } from '../support/model/sample-events'

type FeeSnapshot = ReturnType<typeof noShowFeeMachine.getInitialSnapshot>

const base = { amount_minor: 2500, currency: 'EUR', failure_message: null, charged_at: null }
const fees = {
  chargeable: { ...base, state: 'chargeable' },
  declined: { ...base, state: 'declined', failure_message: 'Your card was declined.' },
  charged: { ...base, state: 'charged', charged_at: '2026-11-27T09:00:00Z' },
  noCard: { ...base, state: 'no_card', amount_minor: null, currency: null },
} satisfies Record<string, NoShowFee>

const declinedCard = new ApiError(402, {
  status: 402,
  type: '/problems/card-declined',
  detail: 'The card was declined: Your card was declined.',
})
const alreadyCharged = new ApiError(409, {
  status: 409,
  detail: 'The no-show fee of this appointment was already charged; it is never charged twice.',
})

const sampleEvents: ModelEvent<NoShowFeeEvent>[] = [
  { type: 'fee.reload' },
  { type: 'fee.charge' },
  { type: 'fee.confirm' },
  { type: 'fee.back' },
  { type: 'fee.retry' },
  done('loadFee', fees.chargeable, 'chargeable'),
  done('loadFee', fees.noCard, 'no card'),
  failed('loadFee', sampleErrors.offline, 'offline'),
  done('chargeFee', fees.charged, 'charged'),
  failed('chargeFee', declinedCard, 'declined'),
  failed('chargeFee', sampleErrors.offline, 'offline'),
  failed('chargeFee', alreadyCharged, 'refused'),
]

let keys = 0

describe('no-show fee machine paths from its graph', () => {
  describeModel({
    name: 'no-show-fee',
    machine: noShowFeeMachine,
    starts: [{ input: { appointmentId: 'appointment-1', newKey: () => `key-${++keys}` } }],
    events: sampleEvents,
    observe: (snapshot: FeeSnapshot) => ({
      value: snapshot.value,
      fee: snapshot.context.fee?.state ?? null,
      reason: snapshot.context.fee?.failure_message ?? null,
      error: snapshot.context.error,
      // Whether a key is kept, not which: keys differ from path to path.
      keyKept: snapshot.context.attemptKey !== null,
      busy: snapshot.hasTag('busy'),
    }),
    harness: (input, inspect) => {
      const harness = parkedActor(noShowFeeMachine, {
        effects: ['loadFee', 'chargeFee'],
        actions: ['notifyCharged'],
        input,
        inspect,
      })
      return {
        ...harness,
        afterStep: ({ event, before, after, at }) => {
          // Staff hear of a charge exactly when one succeeded.
          expect(harness.heard().includes('notifyCharged'), at).toBe(
            event.type === 'xstate.done.actor.chargeFee',
          )
          const charges = harness.asked('chargeFee') as { key: string }[]
          if (charges.length === 0) return
          // A charge starts only on staff's confirmation, or their retry of a lost answer.
          expect(['fee.confirm', 'fee.retry'], at).toContain(event.type)
          if (event.type === 'fee.retry') {
            expect(charges[0]?.key, at).toBe(before.context.attemptKey)
          } else {
            expect(charges[0]?.key, at).not.toBe(before.context.attemptKey)
          }
          expect(after.matches('charging'), at).toBe(true)
        },
      }
    },
  })
})
