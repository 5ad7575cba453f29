import { assign, fromPromise, setup } from 'xstate'
import type { components } from '../../shared/contract/schema'
import { type AppointmentAccess, mayChangeAppointment } from '../domain/appointment-access'
import {
  hasStarted,
  joinWallClock,
  toWallClock,
  wallClockToInstant,
} from '../domain/appointment-time'
import { type FieldErrors, toSaveFailure } from './entity-form.machine'

type Appointment = components['schemas']['Appointment']
type AppointmentPatch = components['schemas']['AppointmentPatch']

/** Who may change what (see src/domain/appointment-access.ts). */
export type DialogAccess = AppointmentAccess

/** The reschedule step's fields: business-zone day and time, a team member, the override. */
export interface RescheduleValues {
  /** `2026-11-27` */
  date: string | null
  /** `10:30` */
  time: string | null
  teamMemberId: string
  overrideWorkingHours: boolean
}

/** The record a 409 names as being in the way (`problem.existing`). */
export interface Blocking {
  id: string
  href: string
}

export interface AppointmentDialogContext {
  appointmentId: string
  appointment: Appointment | null
  timeZone: string
  access: DialogAccess
  now: () => number
  reschedule: RescheduleValues
  notes: string
  fieldErrors: FieldErrors
  /** Why the last step failed (a sentence), or why the appointment could not be loaded. */
  error: string | null
  /** HTTP status of a failed load (404: no such appointment in this business). */
  loadStatus: number | null
  blocking: Blocking | null
}

export interface AppointmentDialogInput {
  appointmentId: string
  /** Known already (clicked in a list): shown at once, no load. */
  appointment?: Appointment | null
  timeZone: string
  access: DialogAccess
  now?: () => number
}

export type AppointmentDialogEvent =
  | { type: 'appointment.retry' }
  /** A newer version from elsewhere (a live update, another dialog). */
  | { type: 'appointment.received'; appointment: Appointment }
  | { type: 'appointment.reschedule' }
  | { type: 'appointment.editNotes' }
  | { type: 'appointment.complete' }
  | { type: 'appointment.noShow' }
  | { type: 'appointment.cancel' }
  /** The customer arrived; or that was a mistake. */
  | { type: 'appointment.checkIn' }
  | { type: 'appointment.undoCheckIn' }
  /** Open the till. */
  | { type: 'appointment.checkout' }
  /** The till recorded the payment and completed the visit. */
  | { type: 'checkout.done'; appointment: Appointment }
  /** The till was closed without checking out. */
  | { type: 'checkout.dismiss' }
  | { type: 'reschedule.change'; values: Partial<RescheduleValues> }
  | { type: 'notes.change'; notes: string }
  | { type: 'step.submit' }
  | { type: 'step.back' }
  /** The cancel dialog cancelled it. */
  | { type: 'cancel.done'; appointment: Appointment }
  /** The cancel dialog was closed without cancelling. */
  | { type: 'cancel.dismiss' }

/** What a finished step did, for the app's message. */
export type AppointmentChange =
  | 'rescheduled'
  | 'notesSaved'
  | 'completed'
  | 'noShow'
  | 'cancelled'
  | 'checkedIn'
  | 'checkInUndone'
  | 'checkedOut'

export const LOAD_ERROR = 'This appointment could not be loaded.'

function statusOf(error: unknown): number | null {
  return typeof error === 'object' && error !== null && 'status' in error
    ? Number(error.status) || null
    : null
}

/** `problem.existing` of a thrown ApiError (duck-typed: the machine knows no HTTP). */
export function blockingOf(error: unknown): Blocking | null {
  const problem =
    typeof error === 'object' && error !== null && 'problem' in error ? error.problem : null
  const existing =
    typeof problem === 'object' && problem !== null && 'existing' in problem
      ? problem.existing
      : null
  if (typeof existing !== 'object' || existing === null) return null
  const { id, href } = existing as { id?: unknown; href?: unknown }
  return typeof id === 'string' && typeof href === 'string' ? { id, href } : null
}

function mayChange(access: DialogAccess, appointment: Appointment | null): boolean {
  return appointment !== null && mayChangeAppointment(access, appointment)
}

/** The values the reschedule step starts from: where the appointment is now. */
export function rescheduleValuesOf(appointment: Appointment, timeZone: string): RescheduleValues {
  const wallClock = toWallClock(appointment.starts_at, timeZone)
  return {
    date: wallClock.slice(0, 10),
    time: wallClock.slice(11, 16),
    teamMemberId: appointment.team_member_id,
    overrideWorkingHours: false,
  }
}

function sameInstant(a: string, b: string): boolean {
  return new Date(a).getTime() === new Date(b).getTime()
}

/** What the browser checks before asking the server to move the appointment. */
export function validateReschedule(
  appointment: Appointment,
  values: RescheduleValues,
  timeZone: string,
  now: number,
): FieldErrors {
  const wallClock = joinWallClock(values.date, values.time)
  if (values.date === null) return { date: 'Choose a day.' }
  if (wallClock === null) return { starts_at: 'Choose a time.' }
  const startsAt = wallClockToInstant(wallClock, timeZone)
  if (
    sameInstant(startsAt, appointment.starts_at) &&
    values.teamMemberId === appointment.team_member_id
  ) {
    return { starts_at: 'Choose a new time or another team member.' }
  }
  if (new Date(startsAt).getTime() <= now) return { starts_at: 'Choose a time in the future.' }
  return {}
}

/** The PATCH body for a reschedule: only what moved, and the override when it is asked for. */
export function reschedulePatch(
  appointment: Appointment,
  values: RescheduleValues,
  timeZone: string,
): AppointmentPatch {
  const patch: AppointmentPatch = { override_working_hours: values.overrideWorkingHours }
  const wallClock = joinWallClock(values.date, values.time)
  if (wallClock) {
    const startsAt = wallClockToInstant(wallClock, timeZone)
    if (!sameInstant(startsAt, appointment.starts_at)) patch.starts_at = startsAt
  }
  if (values.teamMemberId !== appointment.team_member_id) {
    patch.team_member_id = values.teamMemberId
  }
  return patch
}

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
export const appointmentDialogMachine = setup({
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
}).createMachine({
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
        completing: {
          tags: ['busy'],
          entry: 'clearStepErrors',
          invoke: {
            id: 'completeAppointment',
            src: 'completeAppointment',
            input: ({ context }) => ({ id: context.appointmentId }),
            onDone: {
              target: 'viewing',
              actions: [
                assign({ appointment: ({ event }) => event.output }),
                { type: 'notifyChanged', params: { change: 'completed' } },
              ],
            },
            onError: {
              target: 'viewing',
              actions: {
                type: 'recordStepFailure',
                params: ({ event }) => ({ error: event.error }),
              },
            },
          },
        },
        markingNoShow: {
          tags: ['busy'],
          entry: 'clearStepErrors',
          invoke: {
            id: 'markNoShow',
            src: 'markNoShow',
            input: ({ context }) => ({ id: context.appointmentId }),
            onDone: {
              target: 'viewing',
              actions: [
                assign({ appointment: ({ event }) => event.output }),
                { type: 'notifyChanged', params: { change: 'noShow' } },
              ],
            },
            onError: {
              target: 'viewing',
              actions: {
                type: 'recordStepFailure',
                params: ({ event }) => ({ error: event.error }),
              },
            },
          },
        },
        checkingIn: {
          tags: ['busy'],
          entry: 'clearStepErrors',
          invoke: {
            id: 'checkIn',
            src: 'checkIn',
            input: ({ context }) => ({ id: context.appointmentId }),
            onDone: {
              target: 'viewing',
              actions: [
                assign({ appointment: ({ event }) => event.output }),
                { type: 'notifyChanged', params: { change: 'checkedIn' } },
              ],
            },
            onError: {
              target: 'viewing',
              actions: {
                type: 'recordStepFailure',
                params: ({ event }) => ({ error: event.error }),
              },
            },
          },
        },
        undoingCheckIn: {
          tags: ['busy'],
          entry: 'clearStepErrors',
          invoke: {
            id: 'undoCheckIn',
            src: 'undoCheckIn',
            input: ({ context }) => ({ id: context.appointmentId }),
            onDone: {
              target: 'viewing',
              actions: [
                assign({ appointment: ({ event }) => event.output }),
                { type: 'notifyChanged', params: { change: 'checkInUndone' } },
              ],
            },
            onError: {
              target: 'viewing',
              actions: {
                type: 'recordStepFailure',
                params: ({ event }) => ({ error: event.error }),
              },
            },
          },
        },
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
