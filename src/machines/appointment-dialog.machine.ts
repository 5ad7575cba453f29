import { assign, fromPromise, setup } from 'xstate'
import { hasStarted } from '../domain/appointment-time'
import {
  type Appointment,
  type AppointmentChange,
  type AppointmentDialogContext,
  type AppointmentDialogEvent,
  type AppointmentDialogInput,
  type AppointmentPatch,
  blockingOf,
  LOAD_ERROR,
  mayChange,
  reschedulePatch,
  rescheduleValuesOf,
  statusOf,
  validateReschedule,
} from './appointment-dialog-rules'
import { toSaveFailure } from './entity-form.machine'

/**
 * One appointment's details and what can be done to it: loading → ready (viewing, or one of the
 * steps rescheduling, editingNotes, completing, markingNoShow, cancelling, checkingIn,
 * undoingCheckIn, checkingOut: the till, a dialog of its own) | loadFailed. Which
 * steps a user may start is in the guards (`snapshot.can(...)` tells the UI which buttons to
 * show): only confirmed appointments move, change notes or are cancelled; completing and
 * marking a no-show need the appointment to have started; staff act only in their own column.
 * A step that fails stays open with the server's sentence, its field errors and, for a clash,
 * the appointment in the way. Check-in is a time on a confirmed appointment, offered until
 * set and undoable while still confirmed; the till opens once the customer is checked in or
 * the visit has started (or it was completed without a checkout). The app provides the six
 * actors and `notifyChanged`.
 */
const appointmentDialogSetup = setup({
  types: {
    context: {} as AppointmentDialogContext,
    events: {} as AppointmentDialogEvent,
    input: {} as AppointmentDialogInput,
  },
  actors: {
    loadAppointment: fromPromise<Appointment, { id: string }>(async () => {
      throw new Error('provided by the app')
    }),
    updateAppointment: fromPromise<Appointment, { id: string; patch: AppointmentPatch }>(
      async () => {
        throw new Error('provided by the app')
      },
    ),
    completeAppointment: fromPromise<Appointment, { id: string }>(async () => {
      throw new Error('provided by the app')
    }),
    markNoShow: fromPromise<Appointment, { id: string }>(async () => {
      throw new Error('provided by the app')
    }),
    checkIn: fromPromise<Appointment, { id: string }>(async () => {
      throw new Error('provided by the app')
    }),
    undoCheckIn: fromPromise<Appointment, { id: string }>(async () => {
      throw new Error('provided by the app')
    }),
  },
  actions: {
    /** Provided by the app: `context.appointment` is the changed appointment. */
    notifyChanged: (_, _params: { change: AppointmentChange }) => {},
    clearStepErrors: assign({ fieldErrors: {}, error: null, blocking: null }),
    recordStepFailure: assign((_, params: { error: unknown }) => {
      const failure = toSaveFailure(params.error)
      return {
        fieldErrors: failure.fieldErrors,
        error: failure.message,
        blocking: blockingOf(params.error),
      }
    }),
  },
  guards: {
    hasAppointment: ({ context }) => context.appointment !== null,
    isConfirmedAndMine: ({ context }) =>
      mayChange(context.access, context.appointment) && context.appointment?.status === 'confirmed',
    mayComplete: ({ context }) => {
      const appointment = context.appointment
      return (
        appointment !== null &&
        mayChange(context.access, appointment) &&
        (appointment.status === 'confirmed' || appointment.status === 'no_show') &&
        hasStarted(appointment.starts_at, context.now())
      )
    },
    mayMarkNoShow: ({ context }) => {
      const appointment = context.appointment
      return (
        appointment !== null &&
        mayChange(context.access, appointment) &&
        (appointment.status === 'confirmed' || appointment.status === 'completed') &&
        // Someone checked in came: the server refuses, so the button is not offered.
        appointment.checked_in_at === null &&
        hasStarted(appointment.starts_at, context.now())
      )
    },
    mayCheckIn: ({ context }) =>
      mayChange(context.access, context.appointment) &&
      context.appointment?.status === 'confirmed' &&
      context.appointment.checked_in_at === null,
    mayUndoCheckIn: ({ context }) =>
      mayChange(context.access, context.appointment) &&
      context.appointment?.status === 'confirmed' &&
      context.appointment.checked_in_at !== null,
    mayCheckout: ({ context }) => {
      const appointment = context.appointment
      if (appointment === null || !mayChange(context.access, appointment)) return false
      if (appointment.checked_out_at !== null) return false
      if (appointment.status === 'completed') return true
      return (
        appointment.status === 'confirmed' &&
        (appointment.checked_in_at !== null || hasStarted(appointment.starts_at, context.now()))
      )
    },
    rescheduleInvalid: ({ context }) =>
      context.appointment === null ||
      Object.keys(
        validateReschedule(
          context.appointment,
          context.reschedule,
          context.timeZone,
          context.now(),
        ),
      ).length > 0,
    isSameAppointment: ({ context, event }) =>
      event.type === 'appointment.received' && event.appointment.id === context.appointmentId,
  },
})

/** The four steps that only ask the server for one change of status. */
type StatusStep = 'completeAppointment' | 'markNoShow' | 'checkIn' | 'undoCheckIn'

/**
 * A one-press change of status (complete, no-show, check in, undo it): busy until the server
 * answers with the changed appointment, then back to viewing, with the step's failure if any.
 */
function statusStep(actor: StatusStep, change: AppointmentChange) {
  return appointmentDialogSetup.createStateConfig({
    tags: ['busy'],
    entry: 'clearStepErrors',
    invoke: {
      id: actor,
      src: actor,
      input: ({ context }) => ({ id: context.appointmentId }),
      onDone: {
        target: 'viewing',
        actions: [
          assign({ appointment: ({ event }) => event.output }),
          { type: 'notifyChanged', params: { change } },
        ],
      },
      onError: {
        target: 'viewing',
        actions: { type: 'recordStepFailure', params: ({ event }) => ({ error: event.error }) },
      },
    },
  })
}

export const appointmentDialogMachine = appointmentDialogSetup.createMachine({
  id: 'appointmentDialog',
  context: ({ input }) => ({
    appointmentId: input.appointmentId,
    appointment: input.appointment ?? null,
    timeZone: input.timeZone,
    access: input.access,
    now: input.now ?? Date.now,
    reschedule: { date: null, time: null, teamMemberId: '', overrideWorkingHours: false },
    notes: '',
    fieldErrors: {},
    error: null,
    loadStatus: null,
    blocking: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasAppointment', target: 'ready' }, { target: 'loading' }],
    },
    loading: {
      tags: ['loading'],
      entry: assign({ error: null, loadStatus: null }),
      invoke: {
        id: 'loadAppointment',
        src: 'loadAppointment',
        input: ({ context }) => ({ id: context.appointmentId }),
        onDone: { target: 'ready', actions: assign({ appointment: ({ event }) => event.output }) },
        onError: {
          target: 'loadFailed',
          actions: assign({
            error: ({ event }) =>
              event.error instanceof Error && event.error.message
                ? event.error.message
                : LOAD_ERROR,
            loadStatus: ({ event }) => statusOf(event.error),
          }),
        },
      },
    },
    loadFailed: {
      on: { 'appointment.retry': 'loading' },
    },
    ready: {
      initial: 'viewing',
      on: {
        'appointment.received': {
          guard: 'isSameAppointment',
          actions: assign({ appointment: ({ event }) => event.appointment }),
        },
      },
      states: {
        viewing: {
          on: {
            'appointment.reschedule': {
              guard: 'isConfirmedAndMine',
              target: 'rescheduling',
            },
            'appointment.editNotes': { guard: 'isConfirmedAndMine', target: 'editingNotes' },
            'appointment.cancel': { guard: 'isConfirmedAndMine', target: 'cancelling' },
            'appointment.complete': { guard: 'mayComplete', target: 'completing' },
            'appointment.noShow': { guard: 'mayMarkNoShow', target: 'markingNoShow' },
            'appointment.checkIn': { guard: 'mayCheckIn', target: 'checkingIn' },
            'appointment.undoCheckIn': { guard: 'mayUndoCheckIn', target: 'undoingCheckIn' },
            'appointment.checkout': { guard: 'mayCheckout', target: 'checkingOut' },
          },
        },
        rescheduling: {
          initial: 'editing',
          entry: [
            'clearStepErrors',
            assign({
              reschedule: ({ context }) =>
                context.appointment
                  ? rescheduleValuesOf(context.appointment, context.timeZone)
                  : context.reschedule,
            }),
          ],
          states: {
            editing: {
              on: {
                'reschedule.change': {
                  actions: assign(({ context, event }) => ({
                    reschedule: { ...context.reschedule, ...event.values },
                    fieldErrors: {},
                    error: null,
                    blocking: null,
                  })),
                },
                'step.submit': [
                  {
                    guard: 'rescheduleInvalid',
                    actions: assign({
                      fieldErrors: ({ context }) =>
                        context.appointment
                          ? validateReschedule(
                              context.appointment,
                              context.reschedule,
                              context.timeZone,
                              context.now(),
                            )
                          : {},
                    }),
                  },
                  { target: 'submitting' },
                ],
                'step.back': {
                  target: '#appointmentDialog.ready.viewing',
                  actions: 'clearStepErrors',
                },
              },
            },
            submitting: {
              tags: ['busy'],
              entry: 'clearStepErrors',
              invoke: {
                id: 'updateAppointment',
                src: 'updateAppointment',
                input: ({ context }) => ({
                  id: context.appointmentId,
                  patch: context.appointment
                    ? reschedulePatch(context.appointment, context.reschedule, context.timeZone)
                    : { override_working_hours: false },
                }),
                onDone: {
                  target: '#appointmentDialog.ready.viewing',
                  actions: [
                    assign({ appointment: ({ event }) => event.output }),
                    { type: 'notifyChanged', params: { change: 'rescheduled' } },
                  ],
                },
                onError: {
                  target: 'editing',
                  actions: {
                    type: 'recordStepFailure',
                    params: ({ event }) => ({ error: event.error }),
                  },
                },
              },
            },
          },
        },
        editingNotes: {
          initial: 'editing',
          entry: [
            'clearStepErrors',
            assign({ notes: ({ context }) => context.appointment?.notes ?? '' }),
          ],
          states: {
            editing: {
              on: {
                'notes.change': {
                  actions: assign({
                    notes: ({ event }) => event.notes,
                    fieldErrors: {},
                    error: null,
                  }),
                },
                'step.submit': { target: 'saving' },
                'step.back': {
                  target: '#appointmentDialog.ready.viewing',
                  actions: 'clearStepErrors',
                },
              },
            },
            saving: {
              tags: ['busy'],
              entry: 'clearStepErrors',
              invoke: {
                id: 'updateAppointment',
                src: 'updateAppointment',
                input: ({ context }) => ({
                  id: context.appointmentId,
                  patch: { notes: context.notes.trim(), override_working_hours: false },
                }),
                onDone: {
                  target: '#appointmentDialog.ready.viewing',
                  actions: [
                    assign({ appointment: ({ event }) => event.output }),
                    { type: 'notifyChanged', params: { change: 'notesSaved' } },
                  ],
                },
                onError: {
                  target: 'editing',
                  actions: {
                    type: 'recordStepFailure',
                    params: ({ event }) => ({ error: event.error }),
                  },
                },
              },
            },
          },
        },
        completing: statusStep('completeAppointment', 'completed'),
        markingNoShow: statusStep('markNoShow', 'noShow'),
        checkingIn: statusStep('checkIn', 'checkedIn'),
        undoingCheckIn: statusStep('undoCheckIn', 'checkInUndone'),
        checkingOut: {
          entry: 'clearStepErrors',
          on: {
            'checkout.done': {
              target: 'viewing',
              actions: [
                assign({ appointment: ({ event }) => event.appointment }),
                { type: 'notifyChanged', params: { change: 'checkedOut' } },
              ],
            },
            'checkout.dismiss': { target: 'viewing' },
          },
        },
        cancelling: {
          entry: 'clearStepErrors',
          on: {
            'cancel.done': {
              target: 'viewing',
              actions: [
                assign({ appointment: ({ event }) => event.appointment }),
                { type: 'notifyChanged', params: { change: 'cancelled' } },
              ],
            },
            'cancel.dismiss': { target: 'viewing' },
          },
        },
      },
    },
  },
})
