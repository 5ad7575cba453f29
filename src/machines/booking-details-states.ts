import { assign } from 'xstate'
import { ANY_TEAM_MEMBER } from '../../shared/booking-links'
import { plusDays } from '../domain/month-grid'
import { startRefusalKey } from '../domain/start-refusals'
import { type CustomerErrors, notices, SLOT_TAKEN_NOTICE } from './booking-context'
import {
  answerErrorsOf,
  bookingBody,
  customerErrorsOf,
  retryAfterOf,
  validateAnswers,
  validateCustomer,
} from './booking-details-rules'
import { bookingSetup } from './booking-setup'
import { messageOf, problemTypeOf } from './call-errors'

/**
 * The booking wizard's time and details steps (booking.machine.ts): the month of free times
 * (a child machine), then the visitor's details and answers, sent once with one idempotency key
 * for all its retries.
 */
export const detailsStates = {
  calendar: bookingSetup.createStateConfig({
    entry: {
      type: 'showRoute',
      params: ({ context }) => ({
        route: {
          step: 'calendar',
          serviceId: context.serviceId ?? '',
          teamMemberId: context.teamMemberId ?? ANY_TEAM_MEMBER,
        },
        replace: context.followingUrl,
      }),
    },
    invoke: {
      id: 'monthOfSlots',
      src: 'monthOfSlots',
      input: ({ context }) => ({
        serviceId: context.serviceId ?? '',
        teamMemberId: context.teamMemberId === ANY_TEAM_MEMBER ? null : context.teamMemberId,
        timeZone: context.timeZone,
        today: context.today,
        month: context.month,
        lastDay: plusDays(context.today, context.catalogue?.business.booking_window_days ?? 0),
      }),
    },
    on: {
      'monthOfSlots.shown': {
        actions: assign({
          month: ({ event }) => event.month,
          timeZone: ({ event }) => event.timeZone,
        }),
      },
      'monthOfSlots.chosen': {
        target: 'details',
        actions: [
          'chooseFromUser',
          assign({ slot: ({ event }) => event.slot, fieldErrors: {} }),
          assign(notices),
        ],
      },
    },
  }),
  details: bookingSetup.createStateConfig({
    entry: [
      // Answers belong to one service's questions: another service starts them afresh.
      assign(({ context }) =>
        context.answersFor === context.serviceId
          ? {}
          : { answers: {}, answerErrors: {}, answersFor: context.serviceId },
      ),
      {
        type: 'showRoute',
        params: ({ context }) => ({
          route: {
            step: 'customerInfo',
            serviceId: context.serviceId ?? '',
            teamMemberId: context.teamMemberId ?? ANY_TEAM_MEMBER,
            startsAt: context.slot?.starts_at ?? null,
          },
          replace: context.followingUrl,
        }),
      },
    ],
    initial: 'editing',
    on: {
      'booking.customerChanged': {
        guard: 'acceptsCustomerEdits',
        target: '.editing',
        actions: assign(({ context, event }) => {
          const changed = new Set(Object.keys(event.values))
          return {
            customer: { ...context.customer, ...event.values },
            fieldErrors: Object.fromEntries(
              Object.entries(context.fieldErrors).filter(([field]) => !changed.has(field)),
            ) as CustomerErrors,
          }
        }),
      },
      'booking.answerChanged': {
        guard: 'acceptsCustomerEdits',
        target: '.editing',
        actions: assign(({ context, event }) => {
          const { [event.questionId]: _fixed, ...answerErrors } = context.answerErrors
          return {
            answers: { ...context.answers, [event.questionId]: event.value },
            answerErrors,
          }
        }),
      },
      'booking.submitted': [
        {
          guard: 'areDetailsInvalid',
          target: '.editing',
          actions: assign({
            fieldErrors: ({ context }) => validateCustomer(context.customer),
            answerErrors: ({ context }) => validateAnswers(context),
            error: null,
          }),
        },
        { target: '.submitting' },
      ],
    },
    states: {
      editing: {},
      submitting: {
        tags: ['busy'],
        entry: ['keyTheBooking', assign({ error: null, retryAfterSeconds: null })],
        // A second submit while the booking is on its way does nothing (edits: see the guard).
        on: { 'booking.submitted': {} },
        invoke: {
          id: 'submitBooking',
          src: 'submitBooking',
          input: ({ context }) => ({
            idempotencyKey: context.idempotencyKey ?? '',
            body: bookingBody(context),
          }),
          onDone: [
            {
              guard: 'mustPay',
              target: '#booking.paying',
              actions: assign({
                confirmation: ({ event }) => event.output,
                token: ({ event }) => event.output.manage_token,
                paymentReturn: 'awaiting_payment',
                followingUrl: false,
              }),
            },
            {
              target: '#booking.confirmation.ready',
              actions: assign({
                confirmation: ({ event }) => event.output,
                token: ({ event }) => event.output.manage_token,
                followingUrl: false,
              }),
            },
          ],
          onError: [
            {
              guard: 'isSlotTaken',
              target: '#booking.calendar',
              actions: assign({ slot: null, notice: SLOT_TAKEN_NOTICE, followingUrl: false }),
            },
            {
              guard: 'isStartRefused',
              target: '#booking.calendar',
              actions: assign({
                slot: null,
                notice: ({ event }) => startRefusalKey(problemTypeOf(event.error)),
                followingUrl: false,
              }),
            },
            {
              guard: 'isRateLimited',
              target: 'rateLimited',
              actions: assign({
                retryAfterSeconds: ({ event }) => retryAfterOf(event.error),
                error: ({ event }) => messageOf(event.error, 'error_rate_limited'),
              }),
            },
            { guard: 'isNetworkFailure', target: 'offline' },
            {
              guard: 'hasCustomerErrors',
              target: 'editing',
              actions: assign({
                fieldErrors: ({ event }) => customerErrorsOf(event.error),
                answerErrors: ({ event }) => answerErrorsOf(event.error),
              }),
            },
            {
              target: 'failed',
              actions: assign({
                error: ({ event }) => messageOf(event.error, 'error_not_booked'),
              }),
            },
          ],
        },
      },
      rateLimited: {
        on: { 'booking.retry': 'submitting' },
      },
      offline: {
        on: { 'booking.retry': 'submitting' },
      },
      failed: {
        on: { 'booking.retry': 'submitting' },
      },
    },
  }),
}
