import { assign, fromPromise, setup } from 'xstate'
import type { MessageKey } from '../../shared/i18n/en'
import { monthOf } from '../domain/month-grid'
import { startRefusalKey } from '../domain/start-refusals'
import type { PublicAppointment, PublicSlot } from './booking-context'
import { errorOf, failureKeyOf, problemTypeOf, statusOf } from './call-errors'
import { type MonthOfSlotsReport, monthReportingToParent } from './month-of-slots.machine'

export interface ManageInput {
  appointmentId: string
  /** The manage token from the link; null when the link has none. */
  token: string | null
  timeZone: string
  /** Today in the visitor's zone, `YYYY-MM-DD`. */
  today: string
  newIdempotencyKey: () => string
}

export interface AppointmentChange<Body> {
  appointmentId: string
  token: string
  idempotencyKey: string
  body: Body
}

export type RescheduleChange = AppointmentChange<{ starts_at: string }>
export type CancelChange = AppointmentChange<{ reason: string }>

export interface ManageContext {
  appointmentId: string
  token: string | null
  appointment: PublicAppointment | null
  timeZone: string
  today: string
  /** Where the visitor left the month of free times (`YYYY-MM`), to reopen it there. */
  month: string
  chosen: PublicSlot | null
  reason: string
  reasonError: MessageKey | null
  /** The change a key was made for: a retry of the same change reuses it. */
  idempotencyKey: string | null
  keyedChange: string | null
  /** What went wrong, as a catalogue key: the page says it in its own language. */
  error: MessageKey | null
  /** The link names no appointment here (404): nothing to retry. */
  notFound: boolean
  /** Said after a change, or when a chosen time was taken meanwhile (a catalogue key). */
  notice: MessageKey | null
  newIdempotencyKey: () => string
}

export type ManageEvent =
  | { type: 'manage.rescheduleStarted' }
  | { type: 'manage.cancelStarted' }
  | { type: 'manage.back' }
  /** The month of free times rescheduling invokes reports the choice and where it is. */
  | MonthOfSlotsReport
  | { type: 'manage.reasonChanged'; reason: string }
  | { type: 'manage.cancelConfirmed' }
  /** The customer confirms the move to the chosen time, or wants another time instead. */
  | { type: 'manage.moveConfirmed' }
  | { type: 'manage.moveDeclined' }
  | { type: 'manage.retry' }

/*
 * Every sentence this machine decides on is a key of the booking pages' catalogue
 * (shared/i18n), never English: the screen writes it in the page's language. The server's own
 * wording (English) is not shown; its status and problem type pick the sentence instead.
 */
export const NO_TOKEN_MESSAGE: MessageKey = 'manage_link_incomplete'
export const REASON_REQUIRED: MessageKey = 'manage_reason_required'

/** A 409 on a move: the time was taken meanwhile, or the cut-off passed while the page was open. */
function conflictOf(error: unknown): MessageKey {
  return problemTypeOf(error) === '/problems/slot-taken'
    ? 'manage_slot_taken'
    : 'manage_reschedule_closed'
}

/** A fresh key unless this exact change was already keyed (then a retry reuses it). */
function keyFor(context: ManageContext, change: string) {
  if (context.idempotencyKey && context.keyedChange === change) return {}
  return { idempotencyKey: context.newIdempotencyKey(), keyedChange: change }
}

/**
 * The customer's own appointment page (from the confirmation's manage link): see it, move it to
 * another free time (chosen, then confirmed), or cancel it with a reason — each only while the business's cut-off allows
 * (`can_reschedule`, `can_cancel`; the server enforces it too). Effects are provided by the
 * app: `loadAppointment`, `monthOfSlots` (the month of free times the booking wizard's time step
 * shows too, month-of-slots.machine.ts, with its own `loadMonth`), `reschedule`, `cancel`.
 * Tags: `loading`, `busy`.
 */
export const manageAppointmentMachine = setup({
  types: {
    context: {} as ManageContext,
    events: {} as ManageEvent,
    input: {} as ManageInput,
    children: {} as { monthOfSlots: 'monthOfSlots' },
  },
  actors: {
    loadAppointment: fromPromise<PublicAppointment, { appointmentId: string; token: string }>(
      async () => {
        throw new Error('provided by the app')
      },
    ),
    monthOfSlots: monthReportingToParent(),
    reschedule: fromPromise<PublicAppointment, RescheduleChange>(async () => {
      throw new Error('provided by the app')
    }),
    cancel: fromPromise<PublicAppointment, CancelChange>(async () => {
      throw new Error('provided by the app')
    }),
  },
  actions: {
    /** A time picked from the month: to be confirmed before the appointment moves. */
    choose: assign(({ event }) =>
      event.type === 'monthOfSlots.chosen' ? { chosen: event.slot, notice: null, error: null } : {},
    ),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    canReschedule: ({ context }) => context.appointment?.can_reschedule === true,
    canCancel: ({ context }) => context.appointment?.can_cancel === true,
    hasNoReason: ({ context }) => context.reason.trim() === '',
    /** 409: the time was taken meanwhile, or the cut-off passed while the page was open. */
    isConflict: ({ event }) => statusOf(errorOf(event)) === 409,
    /** A start that was never free (off the grid, outside hours, too soon…), with its reason. */
    isStartRefused: ({ event }) => startRefusalKey(problemTypeOf(errorOf(event))) !== null,
  },
}).createMachine({
  id: 'manage',
  context: ({ input }) => ({
    appointmentId: input.appointmentId,
    token: input.token,
    appointment: null,
    timeZone: input.timeZone,
    today: input.today,
    month: monthOf(input.today),
    chosen: null,
    reason: '',
    reasonError: null,
    idempotencyKey: null,
    keyedChange: null,
    error: null,
    notFound: false,
    notice: null,
    newIdempotencyKey: input.newIdempotencyKey,
  }),
  initial: 'checking',
  states: {
    checking: {
      always: [
        { guard: 'hasToken', target: 'loading' },
        { target: 'failed', actions: assign({ error: NO_TOKEN_MESSAGE, notFound: false }) },
      ],
    },
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadAppointment',
        src: 'loadAppointment',
        input: ({ context }) => ({
          appointmentId: context.appointmentId,
          token: context.token ?? '',
        }),
        onDone: {
          target: 'viewing',
          actions: assign({ appointment: ({ event }) => event.output }),
        },
        onError: {
          target: 'failed',
          actions: assign({
            error: ({ event }) =>
              statusOf(event.error) === 404
                ? 'manage_not_found'
                : failureKeyOf(event.error, 'manage_load_failed'),
            notFound: ({ event }) => statusOf(event.error) === 404,
          }),
        },
      },
    },
    failed: {
      on: {
        'manage.retry': { guard: 'hasToken', target: 'loading', actions: assign({ error: null }) },
      },
    },
    viewing: {
      on: {
        'manage.rescheduleStarted': {
          guard: 'canReschedule',
          target: 'rescheduling',
          actions: assign({ notice: null, error: null, chosen: null }),
        },
        'manage.cancelStarted': {
          guard: 'canCancel',
          target: 'cancelling',
          actions: assign({ notice: null, error: null, reasonError: null }),
        },
      },
    },
    rescheduling: {
      initial: 'choosing',
      // The month stays open while the new time is saved: after a failure another can be chosen.
      // Its times are the public ones for the appointment's service and team member; the move
      // itself is judged by the server, which leaves the appointment's own time out of clashes.
      invoke: {
        id: 'monthOfSlots',
        src: 'monthOfSlots',
        input: ({ context }) => ({
          serviceId: context.appointment?.service.id ?? '',
          teamMemberId: context.appointment?.team_member.id ?? null,
          timeZone: context.timeZone,
          today: context.today,
          month: context.month,
          // The appointment does not carry the booking window: the server refuses times past
          // it (too far ahead) and offers none there, and "Next available" stops at a year.
          lastDay: null,
        }),
      },
      on: {
        'manage.back': { target: 'viewing', actions: assign({ error: null }) },
        // Paging or switching the zone drops a save under way or failed: the visitor chooses anew.
        'monthOfSlots.shown': {
          target: '.choosing',
          actions: assign({
            month: ({ event }) => event.month,
            timeZone: ({ event }) => event.timeZone,
          }),
        },
      },
      states: {
        choosing: {
          on: { 'monthOfSlots.chosen': { target: 'confirming', actions: 'choose' } },
        },
        /** The new time is shown beside the current one; nothing moves until the customer says so. */
        confirming: {
          on: {
            'monthOfSlots.chosen': { actions: 'choose' },
            'manage.moveConfirmed': 'saving',
            'manage.moveDeclined': { target: 'choosing', actions: assign({ chosen: null }) },
          },
        },
        saving: {
          tags: ['busy'],
          entry: assign(({ context }) => ({
            ...keyFor(context, `reschedule ${context.chosen?.starts_at}`),
            error: null,
          })),
          invoke: {
            id: 'reschedule',
            src: 'reschedule',
            input: ({ context }) => ({
              appointmentId: context.appointmentId,
              token: context.token ?? '',
              idempotencyKey: context.idempotencyKey ?? '',
              body: { starts_at: context.chosen?.starts_at ?? '' },
            }),
            onDone: {
              target: '#manage.viewing',
              actions: assign({
                appointment: ({ event }) => event.output,
                notice: 'manage_moved',
                chosen: null,
              }),
            },
            onError: [
              {
                // The month is opened again, so it loads the times that are still free.
                guard: 'isConflict',
                target: '#manage.rescheduling',
                reenter: true,
                actions: assign({
                  chosen: null,
                  notice: ({ event }) => conflictOf(event.error),
                }),
              },
              {
                guard: 'isStartRefused',
                target: '#manage.rescheduling',
                reenter: true,
                actions: assign({
                  chosen: null,
                  notice: ({ event }) => startRefusalKey(problemTypeOf(event.error)),
                }),
              },
              {
                target: 'saveFailed',
                actions: assign({
                  error: ({ event }) => failureKeyOf(event.error, 'manage_not_moved'),
                }),
              },
            ],
          },
        },
        saveFailed: {
          on: {
            'manage.retry': 'saving',
            'monthOfSlots.chosen': { target: 'confirming', actions: 'choose' },
            'manage.moveDeclined': { target: 'choosing', actions: assign({ chosen: null }) },
          },
        },
      },
    },
    cancelling: {
      initial: 'editing',
      on: { 'manage.back': { target: 'viewing', actions: assign({ error: null }) } },
      states: {
        editing: {
          on: {
            'manage.reasonChanged': {
              actions: assign({ reason: ({ event }) => event.reason, reasonError: null }),
            },
            'manage.cancelConfirmed': [
              {
                guard: 'hasNoReason',
                actions: assign({ reasonError: REASON_REQUIRED }),
              },
              { target: 'saving' },
            ],
          },
        },
        saving: {
          tags: ['busy'],
          entry: assign(({ context }) => ({
            ...keyFor(context, `cancel ${context.reason.trim()}`),
            error: null,
          })),
          invoke: {
            id: 'cancel',
            src: 'cancel',
            input: ({ context }) => ({
              appointmentId: context.appointmentId,
              token: context.token ?? '',
              idempotencyKey: context.idempotencyKey ?? '',
              body: { reason: context.reason.trim() },
            }),
            onDone: {
              target: '#manage.viewing',
              actions: assign({
                appointment: ({ event }) => event.output,
                notice: 'manage_cancelled',
              }),
            },
            onError: {
              target: 'saveFailed',
              actions: assign({
                error: ({ event }) =>
                  statusOf(event.error) === 409
                    ? 'manage_cancel_closed'
                    : failureKeyOf(event.error, 'manage_not_cancelled'),
              }),
            },
          },
        },
        saveFailed: {
          on: {
            'manage.retry': 'saving',
            'manage.reasonChanged': {
              target: 'editing',
              actions: assign({ reason: ({ event }) => event.reason, reasonError: null }),
            },
          },
        },
      },
    },
  },
})
