import { assign, fromPromise, setup } from 'xstate'
import type { components } from '../../shared/contract/schema'
import { joinWallClock, wallClockToInstant } from '../domain/appointment-time'
import { type Blocking, blockingOf, type DialogAccess } from './appointment-dialog-rules'
import { type FieldErrors, toSaveFailure } from './entity-form.machine'

type Appointment = components['schemas']['Appointment']
type AppointmentInput = components['schemas']['AppointmentInput']
type Service = components['schemas']['Service']
type TeamMember = components['schemas']['TeamMember']

export interface CustomerChoice {
  id: string
  name: string
}

/** The booking form's fields. Day and time are the business's clock. */
export interface BookingValues {
  customer: CustomerChoice | null
  serviceId: string | null
  /** null = "any available" (the server assigns fairly). */
  teamMemberId: string | null
  /** `2026-11-27` */
  date: string | null
  /** `10:30` */
  time: string | null
  notes: string
  overrideWorkingHours: boolean
}

/** What the form chooses from, loaded when it opens. */
export interface BookingChoices {
  /** Active services. */
  services: Service[]
  /** Bookable team members. */
  team: TeamMember[]
  /** The prefilled customer, when one was given. */
  customer: CustomerChoice | null
}

export interface AppointmentFormInput {
  /** Business-zone prefill: where the user clicked, whose column, which customer. */
  initial: {
    date?: string | null
    time?: string | null
    teamMemberId?: string | null
    customerId?: string | null
    /** "Book again": the service of the visit booked again, or of the customer's last visit. */
    serviceId?: string | null
  }
  timeZone: string
  access: DialogAccess
  now?: () => number
}

export interface AppointmentFormContext {
  values: BookingValues
  choices: BookingChoices
  /** The customer to load with the choices (prefill by id). */
  customerId: string | null
  timeZone: string
  access: DialogAccess
  now: () => number
  fieldErrors: FieldErrors
  error: string | null
  blocking: Blocking | null
  booked: Appointment | null
}

export type AppointmentFormEvent =
  | { type: 'form.change'; values: Partial<BookingValues> }
  | { type: 'form.submit' }
  | { type: 'form.retry' }

const NO_CHOICES: BookingChoices = { services: [], team: [], customer: null }

/** Team members who perform a service (bookable ones only are in `team`). */
export function performersOf(choices: BookingChoices, serviceId: string | null): TeamMember[] {
  const service = choices.services.find((candidate) => candidate.id === serviceId)
  if (!service) return choices.team
  return choices.team.filter((member) => service.team_member_ids.includes(member.id))
}

/**
 * Keeps the fields consistent after a change: staff always book in their own column; owners
 * and admins whose chosen member does not perform a newly chosen service go back to "any
 * available" (shown in the field, so nothing changes silently).
 */
export function settleValues(
  values: BookingValues,
  choices: BookingChoices,
  access: DialogAccess,
): BookingValues {
  if (!access.writeAny) return { ...values, teamMemberId: access.ownTeamMemberId }
  if (values.teamMemberId === null || values.serviceId === null) return values
  const performs = performersOf(choices, values.serviceId).some(
    (member) => member.id === values.teamMemberId,
  )
  return performs ? values : { ...values, teamMemberId: null }
}

/** The form right after its choices arrived: the only service preselected, the prefills kept. */
export function valuesWithChoices(
  values: BookingValues,
  choices: BookingChoices,
  access: DialogAccess,
): BookingValues {
  const onlyService = choices.services.length === 1 ? (choices.services[0]?.id ?? null) : null
  const known = (id: string | null) =>
    id !== null && choices.team.some((member) => member.id === id) ? id : null
  const offered = (id: string | null) =>
    id !== null && choices.services.some((service) => service.id === id) ? id : null
  return settleValues(
    {
      ...values,
      customer: values.customer ?? choices.customer,
      serviceId: offered(values.serviceId) ?? onlyService,
      teamMemberId: known(values.teamMemberId),
    },
    choices,
    access,
  )
}

/** What the browser checks before booking; the server checks the same and more. */
export function validateBooking(
  values: BookingValues,
  choices: BookingChoices,
  access: DialogAccess,
  timeZone: string,
  now: number,
): FieldErrors {
  const errors: FieldErrors = {}
  if (!values.customer) errors.customer_id = 'Choose a customer.'
  if (!values.serviceId) errors.service_id = 'Choose a service.'
  if (!access.writeAny && access.ownTeamMemberId === null) {
    errors.team_member_id = 'You can book only in your own column, and you have none yet.'
  } else if (values.teamMemberId !== null && values.serviceId !== null) {
    const performs = performersOf(choices, values.serviceId).some(
      (member) => member.id === values.teamMemberId,
    )
    if (!performs) errors.team_member_id = 'This team member does not perform this service.'
  }
  const wallClock = joinWallClock(values.date, values.time)
  if (!values.date) errors.date = 'Choose a day.'
  else if (!wallClock) errors.starts_at = 'Choose a time.'
  else if (new Date(wallClockToInstant(wallClock, timeZone)).getTime() <= now) {
    errors.starts_at = 'Choose a time in the future.'
  }
  return errors
}

/** The createAppointment body. Call only after `validateBooking` found nothing. */
export function bookingInput(values: BookingValues, timeZone: string): AppointmentInput {
  const wallClock = joinWallClock(values.date, values.time) ?? ''
  const input: AppointmentInput = {
    service_id: values.serviceId ?? '',
    customer_id: values.customer?.id ?? '',
    starts_at: wallClockToInstant(wallClock, timeZone),
    override_working_hours: values.overrideWorkingHours,
  }
  if (values.teamMemberId) input.team_member_id = values.teamMemberId
  const notes = values.notes.trim()
  if (notes) input.notes = notes
  return input
}

/**
 * Booking an appointment: loading (services, team, the prefilled customer) → ready (editing ⇄
 * submitting) → booked, or loadFailed with retry. A refused booking goes back to editing with
 * the server's field errors at their fields, its sentence, and, for a clash (409), the
 * appointment in the way. The app provides `loadChoices`, `book` and `notifyBooked`.
 */
export const appointmentFormMachine = setup({
  types: {
    context: {} as AppointmentFormContext,
    events: {} as AppointmentFormEvent,
    input: {} as AppointmentFormInput,
  },
  actors: {
    loadChoices: fromPromise<BookingChoices, { customerId: string | null }>(async () => {
      throw new Error('provided by the app')
    }),
    book: fromPromise<Appointment, AppointmentInput>(async () => {
      throw new Error('provided by the app')
    }),
  },
  actions: {
    /** Provided by the app: `context.booked` is the new appointment. */
    notifyBooked: () => {},
  },
  guards: {
    isInvalid: ({ context }) =>
      Object.keys(
        validateBooking(
          context.values,
          context.choices,
          context.access,
          context.timeZone,
          context.now(),
        ),
      ).length > 0,
  },
}).createMachine({
  id: 'appointmentForm',
  context: ({ input }) => ({
    values: {
      customer: null,
      serviceId: input.initial.serviceId ?? null,
      teamMemberId: input.initial.teamMemberId ?? null,
      date: input.initial.date ?? null,
      time: input.initial.time ?? null,
      notes: '',
      overrideWorkingHours: false,
    },
    choices: NO_CHOICES,
    customerId: input.initial.customerId ?? null,
    timeZone: input.timeZone,
    access: input.access,
    now: input.now ?? Date.now,
    fieldErrors: {},
    error: null,
    blocking: null,
    booked: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      entry: assign({ error: null }),
      invoke: {
        id: 'loadChoices',
        src: 'loadChoices',
        input: ({ context }) => ({ customerId: context.customerId }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            choices: event.output,
            values: valuesWithChoices(context.values, event.output, context.access),
          })),
        },
        onError: {
          target: 'loadFailed',
          actions: assign({ error: ({ event }) => toSaveFailure(event.error).message }),
        },
      },
    },
    loadFailed: {
      on: { 'form.retry': 'loading' },
    },
    ready: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'form.change': {
              actions: assign(({ context, event }) => {
                const changed = new Set(Object.keys(event.values))
                // A new day or time clears both the day's and the time's messages.
                if (changed.has('date') || changed.has('time')) changed.add('starts_at')
                if (changed.has('customer')) changed.add('customer_id')
                if (changed.has('serviceId')) changed.add('service_id')
                if (changed.has('teamMemberId')) changed.add('team_member_id')
                if (changed.has('overrideWorkingHours')) changed.add('override_working_hours')
                return {
                  values: settleValues(
                    { ...context.values, ...event.values },
                    context.choices,
                    context.access,
                  ),
                  fieldErrors: Object.fromEntries(
                    Object.entries(context.fieldErrors).filter(([field]) => !changed.has(field)),
                  ),
                  error: null,
                  blocking: null,
                }
              }),
            },
            'form.submit': [
              {
                guard: 'isInvalid',
                actions: assign({
                  fieldErrors: ({ context }) =>
                    validateBooking(
                      context.values,
                      context.choices,
                      context.access,
                      context.timeZone,
                      context.now(),
                    ),
                  error: null,
                  blocking: null,
                }),
              },
              { target: 'submitting' },
            ],
          },
        },
        submitting: {
          tags: ['busy'],
          entry: assign({ fieldErrors: {}, error: null, blocking: null }),
          invoke: {
            id: 'book',
            src: 'book',
            input: ({ context }) => bookingInput(context.values, context.timeZone),
            onDone: {
              target: '#appointmentForm.booked',
              actions: [assign({ booked: ({ event }) => event.output }), 'notifyBooked'],
            },
            onError: {
              target: 'editing',
              actions: assign(({ event }) => {
                const failure = toSaveFailure(event.error)
                return {
                  fieldErrors: failure.fieldErrors,
                  error: failure.message,
                  blocking: blockingOf(event.error),
                }
              }),
            },
          },
        },
      },
    },
    booked: {
      type: 'final',
    },
  },
})
