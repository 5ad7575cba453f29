import { assign, fromPromise, setup } from 'xstate'
import type { components } from '../../shared/contract/schema'
import { messageOf, statusOf } from './call-errors'
import { type FieldErrors, toSaveFailure } from './entity-form.machine'

export type Appointment = components['schemas']['Appointment']
export type ProposedSlot = components['schemas']['ProposedSlot']

/** How far ahead the server looks for a free slot (getNextAvailableSlot). */
export const NEXT_SLOT_HORIZON_DAYS = 92

export interface ChosenCustomer {
  id: string
  name: string
}

export interface ChosenService {
  id: string
  name: string
}

/** The inline "new customer" form: a name and a way to reach them. */
export interface NewCustomerValues {
  name: string
  email: string
  phone: string
}

export const EMPTY_NEW_CUSTOMER: NewCustomerValues = { name: '', email: '', phone: '' }

export interface QuickAppointmentInput {
  /**
   * Propose and book only with this team member (a staff user books in their own column);
   * null or absent = any available team member, by the server's fair assignment.
   */
  teamMemberId?: string | null
  /** Checks of the new-customer form before it is sent; the server's answer still wins. */
  validateNewCustomer?: (values: NewCustomerValues) => FieldErrors
}

export interface ProposalQuery {
  serviceId: string
  teamMemberId: string | null
}

export interface BookingRequest {
  customerId: string
  serviceId: string
  teamMemberId: string
  startsAt: string
}

export interface QuickAppointmentContext {
  teamMemberId: string | null
  customer: ChosenCustomer | null
  newCustomer: NewCustomerValues
  fieldErrors: FieldErrors
  service: ChosenService | null
  proposal: ProposedSlot | null
  appointment: Appointment | null
  /** Why the last call failed, for the failed states. */
  error: string | null
  /** Said above a proposal that replaces one taken meanwhile. */
  notice: string | null
  validateNewCustomer: (values: NewCustomerValues) => FieldErrors
}

export type QuickAppointmentEvent =
  | { type: 'quick.customerChosen'; customer: ChosenCustomer }
  /** Back to choosing a customer (the service stays chosen). */
  | { type: 'quick.customerCleared' }
  | { type: 'quick.newCustomerStarted' }
  | { type: 'quick.newCustomerChanged'; values: Partial<NewCustomerValues> }
  | { type: 'quick.newCustomerSubmitted' }
  | { type: 'quick.newCustomerCancelled' }
  | { type: 'quick.serviceChosen'; service: ChosenService }
  | { type: 'quick.book' }
  | { type: 'quick.retry' }

export const SLOT_TAKEN_NOTICE =
  'The time proposed before was taken meanwhile. This is the next free one.'

const noErrors = (): FieldErrors => ({})

/** Drops the errors of the fields a change touched. */
function withoutErrorsFor(errors: FieldErrors, changed: object): FieldErrors {
  const keys = new Set(Object.keys(changed))
  return Object.fromEntries(Object.entries(errors).filter(([field]) => !keys.has(field)))
}

/**
 * Quick Appointment: choose a customer (or create one inline), choose a service, and the
 * machine asks for the next free slot and who would take it; one `quick.book` books exactly
 * that. A slot taken meanwhile (409) is proposed again with a notice; nothing free within
 * {@link NEXT_SLOT_HORIZON_DAYS} days (404) is its own state, and so is every failure.
 *
 * Effects are provided by the app: the actors `createCustomer`, `findSlot` and `book`, and the
 * action `notifyBooked` (toast, lists, closing the dialog) with `context.appointment` set.
 * Tags: `busy` while a call runs.
 */
export const quickAppointmentMachine = setup({
  types: {
    context: {} as QuickAppointmentContext,
    events: {} as QuickAppointmentEvent,
    input: {} as QuickAppointmentInput,
  },
  actors: {
    createCustomer: fromPromise<ChosenCustomer, NewCustomerValues>(async () => {
      throw new Error('provided by the app')
    }),
    findSlot: fromPromise<ProposedSlot, ProposalQuery>(async () => {
      throw new Error('provided by the app')
    }),
    book: fromPromise<Appointment, BookingRequest>(async () => {
      throw new Error('provided by the app')
    }),
  },
  actions: {
    /** Provided by the app; `context.appointment` is the new appointment. */
    notifyBooked: () => {},
    changeNewCustomer: assign(({ context, event }) => {
      if (event.type !== 'quick.newCustomerChanged') return {}
      return {
        newCustomer: { ...context.newCustomer, ...event.values },
        fieldErrors: withoutErrorsFor(context.fieldErrors, event.values),
        error: null,
      }
    }),
    showNewCustomerErrors: assign({
      fieldErrors: ({ context }) => context.validateNewCustomer(context.newCustomer),
      error: null,
    }),
  },
  guards: {
    newCustomerIsInvalid: ({ context }) =>
      Object.keys(context.validateNewCustomer(context.newCustomer)).length > 0,
    hasService: ({ context }) => context.service !== null,
    hasFieldErrors: ({ event }) =>
      Object.keys(toSaveFailure((event as { error?: unknown }).error).fieldErrors).length > 0,
    /** getNextAvailableSlot answers 404 when nothing is free within the horizon. */
    isNothingFree: ({ event }) => statusOf((event as { error?: unknown }).error) === 404,
    /** createAppointment answers 409 when the time is no longer free. */
    isSlotTaken: ({ event }) => statusOf((event as { error?: unknown }).error) === 409,
  },
}).createMachine({
  id: 'quick',
  context: ({ input }) => ({
    teamMemberId: input.teamMemberId ?? null,
    customer: null,
    newCustomer: EMPTY_NEW_CUSTOMER,
    fieldErrors: noErrors(),
    service: null,
    proposal: null,
    appointment: null,
    error: null,
    notice: null,
    validateNewCustomer: input.validateNewCustomer ?? noErrors,
  }),
  initial: 'choosingCustomer',
  states: {
    choosingCustomer: {
      entry: assign({ customer: null }),
      on: {
        'quick.customerChosen': {
          target: 'customerReady',
          actions: assign({ customer: ({ event }) => event.customer }),
        },
        'quick.newCustomerStarted': {
          target: 'newCustomer',
          actions: assign({ fieldErrors: noErrors, error: null }),
        },
      },
    },
    newCustomer: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'quick.newCustomerChanged': { actions: 'changeNewCustomer' },
            'quick.newCustomerSubmitted': [
              {
                guard: 'newCustomerIsInvalid',
                target: 'invalid',
                actions: 'showNewCustomerErrors',
              },
              { target: 'creating' },
            ],
            'quick.newCustomerCancelled': { target: '#quick.choosingCustomer' },
          },
        },
        invalid: {
          on: {
            'quick.newCustomerChanged': { actions: 'changeNewCustomer' },
            'quick.newCustomerSubmitted': [
              {
                guard: 'newCustomerIsInvalid',
                target: 'invalid',
                actions: 'showNewCustomerErrors',
              },
              { target: 'creating' },
            ],
            'quick.newCustomerCancelled': { target: '#quick.choosingCustomer' },
          },
        },
        creating: {
          tags: ['busy'],
          invoke: {
            id: 'createCustomer',
            src: 'createCustomer',
            input: ({ context }) => context.newCustomer,
            onDone: {
              target: '#quick.customerReady',
              actions: assign({
                customer: ({ event }) => event.output,
                newCustomer: EMPTY_NEW_CUSTOMER,
                fieldErrors: noErrors,
              }),
            },
            onError: [
              {
                guard: 'hasFieldErrors',
                target: 'invalid',
                actions: assign({
                  fieldErrors: ({ event }) => toSaveFailure(event.error).fieldErrors,
                }),
              },
              {
                target: 'failed',
                actions: assign({
                  error: ({ event }) => messageOf(event.error, 'The customer could not be added.'),
                }),
              },
            ],
          },
        },
        failed: {
          on: {
            'quick.retry': { target: 'creating' },
            'quick.newCustomerChanged': { target: 'editing', actions: 'changeNewCustomer' },
            'quick.newCustomerCancelled': { target: '#quick.choosingCustomer' },
          },
        },
      },
    },
    /** A customer is set: on to the slot, or to the service when none is chosen yet. */
    customerReady: {
      always: [{ guard: 'hasService', target: 'slot.proposing' }, { target: 'slot' }],
    },
    slot: {
      initial: 'choosingService',
      on: {
        // Another service (or the same again) asks afresh, abandoning any answer on its way.
        'quick.serviceChosen': {
          target: '.proposing',
          reenter: true,
          actions: assign({
            service: ({ event }) => event.service,
            proposal: null,
            notice: null,
          }),
        },
        'quick.customerCleared': { target: 'choosingCustomer' },
      },
      states: {
        choosingService: {},
        proposing: {
          tags: ['busy'],
          entry: assign({ proposal: null, error: null }),
          invoke: {
            id: 'findSlot',
            src: 'findSlot',
            input: ({ context }) => ({
              serviceId: context.service?.id ?? '',
              teamMemberId: context.teamMemberId,
            }),
            onDone: {
              target: 'proposed',
              actions: assign({ proposal: ({ event }) => event.output }),
            },
            onError: [
              { guard: 'isNothingFree', target: 'noSlot', actions: assign({ notice: null }) },
              {
                target: 'proposalFailed',
                actions: assign({
                  notice: null,
                  error: ({ event }) =>
                    messageOf(event.error, 'The next free time could not be found.'),
                }),
              },
            ],
          },
        },
        proposed: {
          on: { 'quick.book': { target: '#quick.booking' } },
        },
        noSlot: {
          on: { 'quick.retry': { target: 'proposing' } },
        },
        proposalFailed: {
          on: { 'quick.retry': { target: 'proposing' } },
        },
        bookingFailed: {
          on: { 'quick.retry': { target: '#quick.booking' } },
        },
      },
    },
    booking: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'book',
        src: 'book',
        input: ({ context }) => ({
          customerId: context.customer?.id ?? '',
          serviceId: context.service?.id ?? '',
          teamMemberId: context.proposal?.team_member_id ?? '',
          startsAt: context.proposal?.starts_at ?? '',
        }),
        onDone: {
          target: 'booked',
          actions: [
            assign({ appointment: ({ event }) => event.output, notice: null }),
            'notifyBooked',
          ],
        },
        onError: [
          {
            guard: 'isSlotTaken',
            target: 'slot.proposing',
            actions: assign({ notice: SLOT_TAKEN_NOTICE }),
          },
          {
            target: 'slot.bookingFailed',
            actions: assign({
              error: ({ event }) => messageOf(event.error, 'The appointment could not be booked.'),
            }),
          },
        ],
      },
    },
    booked: { type: 'final' },
  },
})
