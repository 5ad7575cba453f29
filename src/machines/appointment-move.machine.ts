import { assign, fromPromise, setup } from 'xstate'
import type { components } from '../../shared/contract/schema'
import type { MoveRequest } from '../domain/appointment-move'
import { messageOf } from './call-errors'

type Appointment = components['schemas']['Appointment']
type UpdatedAppointment = components['schemas']['UpdatedAppointment']

/** How long Undo stays offered after a move is saved (the issue asks for at least 10 s). */
export const UNDO_OFFER_MS = 12_000

export interface AppointmentMoveContext {
  /** The move waiting for confirmation, being saved, or offered for undo. */
  request: MoveRequest | null
  /** The appointment as it was before the move: its names for the sentences, its place back. */
  appointment: Appointment | null
  /** Why the calendar expects the server to refuse it (moveProblem), shown at confirming. */
  reason: string | null
  notifyCustomer: boolean
  /** The saved move: the appointment where it went, and the change its undo takes back. */
  moved: Appointment | null
  changeId: string | null
  /** The server's reason the last save or undo failed. */
  failure: string | null
}

export type AppointmentMoveEvent =
  | {
      type: 'move.requested'
      request: MoveRequest
      appointment: Appointment
      reason: string | null
      /** The business's default for telling the customer. */
      notifyCustomer: boolean
    }
  | { type: 'move.notifyChanged'; notifyCustomer: boolean }
  | { type: 'move.confirm' }
  | { type: 'move.cancel' }
  | { type: 'move.undo' }
  | { type: 'move.dismiss' }
  /** Pointer or focus on the Undo offer: its clock stops, and starts again from full on leave. */
  | { type: 'move.hold' }
  | { type: 'move.release' }

const cleared = {
  request: null,
  appointment: null,
  reason: null,
  moved: null,
  changeId: null,
} as const

/**
 * A move or resize dropped on the calendar, from the drop to the end of its Undo offer:
 * confirming (with "notify the customer", and the reason it may be refused) → saving → the Undo
 * offer (≥ 10 s; held while pointed at or focused) → undoing. Cancel, a failed save and a failed
 * undo put the block back where the appointment is (`revertDrop`). A new drop during the Undo
 * offer ends it: the first move stays, the new one is confirmed. The calendar applies each
 * answer (`applyAppointment`) and the toasts say what happened (`announceUndone`,
 * `announceFailure`); the Undo offer itself is this machine's state, rendered by the screen.
 */
export const appointmentMoveMachine = setup({
  types: {
    context: {} as AppointmentMoveContext,
    events: {} as AppointmentMoveEvent,
  },
  actors: {
    saveMove: fromPromise<UpdatedAppointment, { request: MoveRequest; notifyCustomer: boolean }>(
      async () => {
        throw new Error('provided by the app')
      },
    ),
    undoMove: fromPromise<Appointment, { appointmentId: string; changeId: string }>(async () => {
      throw new Error('provided by the app')
    }),
  },
  actions: {
    /** Puts the dragged block back where the appointment is. */
    revertDrop: () => {},
    applyAppointment: (_, _params: { appointment: Appointment }) => {},
    announceUndone: (_, _params: { appointment: Appointment }) => {},
    announceFailure: (_, _params: { message: string }) => {},
  },
  guards: {
    isClear: ({ context }) => context.reason === null,
    isUndoable: ({ context }) => context.changeId !== null,
  },
}).createMachine({
  id: 'appointmentMove',
  context: { ...cleared, notifyCustomer: true, failure: null },
  initial: 'idle',
  on: {
    'move.requested': {
      target: '.confirming',
      actions: assign(({ event }) => ({
        ...cleared,
        request: event.request,
        appointment: event.appointment,
        reason: event.reason,
        notifyCustomer: event.notifyCustomer,
        failure: null,
      })),
    },
  },
  states: {
    idle: {},
    confirming: {
      on: {
        'move.notifyChanged': {
          actions: assign({ notifyCustomer: ({ event }) => event.notifyCustomer }),
        },
        'move.confirm': { guard: 'isClear', target: 'saving' },
        'move.cancel': { target: 'idle', actions: ['revertDrop', assign(cleared)] },
      },
    },
    saving: {
      tags: ['busy'],
      // A drop while saving cannot be judged against a place not yet known: it is put back.
      on: { 'move.requested': { actions: 'revertDrop' } },
      invoke: {
        src: 'saveMove',
        id: 'saveMove',
        input: ({ context }) => ({
          request: context.request as MoveRequest,
          notifyCustomer: context.notifyCustomer,
        }),
        onDone: [
          {
            guard: ({ event }) => event.output.change_id !== null,
            target: 'undoOffered',
            actions: [
              assign({
                moved: ({ event }) => event.output,
                changeId: ({ event }) => event.output.change_id,
              }),
              { type: 'applyAppointment', params: ({ event }) => ({ appointment: event.output }) },
            ],
          },
          {
            target: 'idle',
            actions: [
              { type: 'applyAppointment', params: ({ event }) => ({ appointment: event.output }) },
              assign(cleared),
            ],
          },
        ],
        onError: {
          target: 'idle',
          actions: [
            'revertDrop',
            assign(({ event }) => ({
              ...cleared,
              failure: messageOf(event.error, 'The appointment could not be moved.'),
            })),
            {
              type: 'announceFailure',
              params: ({ context }) => ({ message: context.failure ?? '' }),
            },
          ],
        },
      },
    },
    undoOffered: {
      on: {
        'move.undo': { guard: 'isUndoable', target: 'undoing' },
        'move.dismiss': { target: 'idle', actions: assign(cleared) },
      },
      initial: 'counting',
      states: {
        counting: {
          after: { [UNDO_OFFER_MS]: { target: '#appointmentMove.idle', actions: assign(cleared) } },
          on: { 'move.hold': 'held' },
        },
        held: {
          on: { 'move.release': 'counting' },
        },
      },
    },
    undoing: {
      tags: ['busy'],
      on: { 'move.requested': { actions: 'revertDrop' } },
      invoke: {
        src: 'undoMove',
        id: 'undoMove',
        input: ({ context }) => ({
          appointmentId: context.request?.appointmentId ?? '',
          changeId: context.changeId ?? '',
        }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'applyAppointment', params: ({ event }) => ({ appointment: event.output }) },
            { type: 'announceUndone', params: ({ event }) => ({ appointment: event.output }) },
            assign(cleared),
          ],
        },
        onError: {
          target: 'idle',
          actions: [
            assign(({ event }) => ({
              ...cleared,
              failure: messageOf(event.error, 'The move could not be undone.'),
            })),
            {
              type: 'announceFailure',
              params: ({ context }) => ({ message: context.failure ?? '' }),
            },
          ],
        },
      },
    },
  },
})

export type AppointmentMoveSnapshot = ReturnType<typeof appointmentMoveMachine.getInitialSnapshot>
