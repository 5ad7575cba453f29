import { assign, fromPromise, setup } from 'xstate'
import type { components } from '../../shared/contract/schema'
import { messageOf, problemTypeOf, statusOf } from './call-errors'

export type NoShowFee = components['schemas']['NoShowFee']

export interface NoShowFeeContext {
  appointmentId: string
  fee: NoShowFee | null
  /** The server's sentence for the last refusal or failure; the decline reason is in `fee`. */
  error: string | null
  /**
   * The Idempotency-Key of the charge being made. Kept after a failure whose outcome is
   * unknown (offline, a server error), so trying again asks about the same charge; a new
   * charge, after a decline, gets a new key.
   */
  attemptKey: string | null
  newKey: () => string
}

export interface NoShowFeeInput {
  appointmentId: string
  /** A fresh Idempotency-Key per charge (the app gives `crypto.randomUUID`). */
  newKey: () => string
}

export type NoShowFeeEvent =
  /** Load again: the appointment changed (marked a no-show, say), or the load failed. */
  | { type: 'fee.reload' }
  /** Staff asked to charge the fee (or to try again after a decline). */
  | { type: 'fee.charge' }
  | { type: 'fee.confirm' }
  | { type: 'fee.back' }
  /** After a failure whose outcome is unknown: ask again about the same charge. */
  | { type: 'fee.retry' }

const DECLINED = '/problems/card-declined'
const LOAD_ERROR = 'The no-show fee could not be loaded.'
const CHARGE_ERROR = 'The fee could not be charged.'

/** Offline, timed out or a server error: the charge may or may not have been made. */
function outcomeUnknown(error: unknown): boolean {
  const status = statusOf(error)
  return status === null || status >= 500
}

/**
 * The no-show fee of one appointment, in its dialog: loading → idle (what the fee's `state`
 * says: nothing to offer, chargeable, declined with the reason, charged) → confirming →
 * charging. A decline goes back to idle showing Stripe's reason; only staff pressing again
 * starts a new charge (a new key): nothing retries by itself. A charge whose answer was lost
 * waits in `uncertain` until staff try again with the same key, which the server answers with
 * the first charge's outcome, so the fee is never taken twice. The app provides the two actors
 * and `notifyCharged`.
 */
export const noShowFeeMachine = setup({
  types: {
    context: {} as NoShowFeeContext,
    events: {} as NoShowFeeEvent,
    input: {} as NoShowFeeInput,
  },
  actors: {
    loadFee: fromPromise<NoShowFee, { id: string }>(async () => {
      throw new Error('provided by the app')
    }),
    chargeFee: fromPromise<NoShowFee, { id: string; key: string }>(async () => {
      throw new Error('provided by the app')
    }),
  },
  actions: {
    /** Provided by the app: the fee was charged (`context.fee`). */
    notifyCharged: () => {},
  },
  guards: {
    // `charging`: an attempt left unfinished (its answer lost); charging resumes it.
    isChargeable: ({ context }) =>
      context.fee?.state === 'chargeable' ||
      context.fee?.state === 'declined' ||
      context.fee?.state === 'charging',
    isDecline: ({ event }) =>
      problemTypeOf((event as { error?: unknown }).error)?.endsWith(DECLINED) === true,
    isOutcomeUnknown: ({ event }) => outcomeUnknown((event as { error?: unknown }).error),
  },
}).createMachine({
  id: 'noShowFee',
  context: ({ input }) => ({
    appointmentId: input.appointmentId,
    fee: null,
    error: null,
    attemptKey: null,
    newKey: input.newKey,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadFee',
        src: 'loadFee',
        input: ({ context }) => ({ id: context.appointmentId }),
        onDone: { target: 'idle', actions: assign({ fee: ({ event }) => event.output }) },
        onError: {
          target: 'loadFailed',
          actions: assign({ error: ({ event }) => messageOf(event.error, LOAD_ERROR) }),
        },
      },
    },
    loadFailed: {
      on: { 'fee.reload': { target: 'loading', actions: assign({ error: null }) } },
    },
    idle: {
      on: {
        'fee.reload': 'loading',
        'fee.charge': { guard: 'isChargeable', target: 'confirming' },
      },
    },
    confirming: {
      entry: assign({ error: null }),
      on: {
        'fee.confirm': {
          target: 'charging',
          actions: assign({ attemptKey: ({ context }) => context.newKey() }),
        },
        'fee.back': 'idle',
      },
    },
    charging: {
      tags: ['busy'],
      invoke: {
        id: 'chargeFee',
        src: 'chargeFee',
        input: ({ context }) => ({ id: context.appointmentId, key: context.attemptKey ?? '' }),
        onDone: {
          target: 'idle',
          actions: [
            assign({ fee: ({ event }) => event.output, attemptKey: null, error: null }),
            'notifyCharged',
          ],
        },
        onError: [
          {
            guard: 'isDecline',
            target: 'idle',
            actions: assign({
              attemptKey: null,
              fee: ({ context, event }) =>
                context.fee && {
                  ...context.fee,
                  state: 'declined' as const,
                  failure_message: messageOf(event.error, CHARGE_ERROR),
                },
            }),
          },
          {
            guard: 'isOutcomeUnknown',
            target: 'uncertain',
            actions: assign({ error: ({ event }) => messageOf(event.error, CHARGE_ERROR) }),
          },
          {
            // Refused (charged meanwhile by someone else, no longer a no-show …): say why and
            // show where the fee stands now.
            target: 'loading',
            actions: assign({
              attemptKey: null,
              error: ({ event }) => messageOf(event.error, CHARGE_ERROR),
            }),
          },
        ],
      },
    },
    uncertain: {
      on: {
        'fee.retry': { target: 'charging', actions: assign({ error: null }) },
        'fee.reload': { target: 'loading', actions: assign({ attemptKey: null, error: null }) },
      },
    },
  },
})
