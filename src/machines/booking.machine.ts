import { and, assign, fromPromise, not, setup, stateIn } from 'xstate'
import { ANY_TEAM_MEMBER, type WizardRoute } from '../../shared/booking-links'
import {
  answerProblems,
  type BookingAnswerValue,
  type BookingAnswerValues,
  isAnswered,
} from '../../shared/booking-questions'
import type { components } from '../../shared/contract/schema'
import type { MessageKey } from '../../shared/i18n/en'
import { monthOf, plusDays } from '../domain/month-grid'
import { startRefusalKey } from '../domain/start-refusals'
import { teamMemberWithoutChoice } from '../domain/team-choice'
import {
  bookingPaymentMachine,
  type PublicBookingConfirmation,
  type PublicPaymentReturn,
} from './booking-payment.machine'
import { errorOf, messageOf, problemTypeOf, statusOf } from './call-errors'
import { type MonthOfSlotsReport, monthReportingToParent } from './month-of-slots.machine'

// "Any available" (who takes it is decided on booking): defined with the addresses it appears in.
export { ANY_TEAM_MEMBER }

/** The wizard's steps and what each one's URL carries (shared/booking-links.ts). */
export type PublicBusiness = components['schemas']['PublicBusiness']
export type PublicService = components['schemas']['PublicService']
export type PublicTeamMember = components['schemas']['PublicTeamMember']
export type PublicSlot = components['schemas']['PublicSlot']
export type PublicBookingInput = components['schemas']['PublicBookingInput']
export type PublicAppointment = components['schemas']['PublicAppointment']

/** What every step chooses from, loaded once per visit. */
export interface Catalogue {
  business: PublicBusiness
  services: PublicService[]
  teamMembers: PublicTeamMember[]
}

export interface BookingSubmission {
  /** The same key for the same intended booking, so a retry can never book twice. */
  idempotencyKey: string
  body: PublicBookingInput
}

export interface AppointmentQuery {
  appointmentId: string
  token: string
}

export interface CustomerDetails {
  name: string
  email: string
  phone: string
  notes: string
}

export type CustomerField = keyof CustomerDetails
/** Per field, a catalogue key (the page's own check) or the server's sentence. */
export type CustomerErrors = Partial<Record<CustomerField, string>>

/** Per question id, why its answer cannot be sent (the shared rule's or the server's words). */
export type AnswerErrors = Partial<Record<string, string>>

export const EMPTY_CUSTOMER: CustomerDetails = { name: '', email: '', phone: '', notes: '' }

/*
 * What the machine says itself is a catalogue key (shared/i18n): the page says it in its
 * language, which may change after the words were chosen (the switcher).
 */
export const SLOT_TAKEN_NOTICE: MessageKey = 'notice_slot_taken'
export const NO_TOKEN_MESSAGE: MessageKey = 'error_no_token'

export interface BookingInput {
  /** Where the visit starts (the page's URL). */
  route: WizardRoute
  /** The visitor's detected time zone. */
  timeZone: string
  /** Today in that zone, `YYYY-MM-DD`: the first week shown, and the earliest. */
  today: string
  /** A fresh idempotency key (the app gives crypto.randomUUID). */
  newIdempotencyKey: () => string
  /** Details to start the form with (a signed-in customer's profile); default empty. */
  customer?: CustomerDetails
  /** The catalogue the server sent inline with the page; the machine then does not fetch it. */
  catalogue?: Catalogue
}

export interface BookingContext {
  route: WizardRoute
  /** The confirmation link names no appointment here (404): nothing to retry. */
  notFound: boolean
  /** Which the visitor chose first, for the order of the progress steps and the way back. */
  teamMemberFirst: boolean
  /** The step was entered because the URL changed (deep link, back, forward), not by a choice. */
  followingUrl: boolean
  catalogue: Catalogue | null
  serviceId: string | null
  /** A team member's id, {@link ANY_TEAM_MEMBER}, or null before one is chosen. */
  teamMemberId: string | null
  timeZone: string
  today: string
  /** Where the visitor left the month of free times (`YYYY-MM`), to reopen it there. */
  month: string
  slot: PublicSlot | null
  customer: CustomerDetails
  fieldErrors: CustomerErrors
  /** Answers to the chosen service's booking questions, keyed by question id. */
  answers: BookingAnswerValues
  answerErrors: AnswerErrors
  /** The service the answers were given for: a details step for another one starts afresh. */
  answersFor: string | null
  idempotencyKey: string | null
  /** The body the key was made for: the key is reused exactly while the body is the same. */
  keyedBody: string | null
  confirmation: PublicBookingConfirmation | null
  /** The token of the confirmation being shown (from the booking or the URL). */
  token: string | null
  /** Where a hold stands (paying at booking): awaiting payment, or confirmed; else null. */
  paymentReturn: PublicPaymentReturn['state'] | null
  /** Why the last call failed: the server's sentence, else a catalogue key of the machine's. */
  error: string | null
  /** Said at the top of a step the visitor was sent back to. */
  notice: MessageKey | null
  retryAfterSeconds: number | null
  newIdempotencyKey: () => string
}

export type BookingEvent =
  | { type: 'booking.urlChanged'; route: WizardRoute }
  | { type: 'booking.serviceChosen'; serviceId: string }
  /** A team member's id, or {@link ANY_TEAM_MEMBER}. */
  | { type: 'booking.teamMemberChosen'; teamMemberId: string }
  /** The month of free times the calendar step invokes reports the choice and where it is. */
  | MonthOfSlotsReport
  | { type: 'booking.customerChanged'; values: Partial<CustomerDetails> }
  | { type: 'booking.answerChanged'; questionId: string; value: BookingAnswerValue }
  | { type: 'booking.submitted' }
  | { type: 'booking.retry' }

// ——— pure helpers ———

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const PHONE = /^[+0-9 ()./-]{3,40}$/

/** The checks the contract makes (PublicCustomerInput), as catalogue keys for the visitor. */
export function validateCustomer(
  values: CustomerDetails,
): Partial<Record<CustomerField, MessageKey>> {
  const errors: Partial<Record<CustomerField, MessageKey>> = {}
  if (values.name.trim() === '') errors.name = 'error_name_required'
  else if (values.name.length > 120) errors.name = 'error_name_too_long'
  if (values.email.trim() === '') errors.email = 'error_email_required'
  else if (!EMAIL.test(values.email.trim()) || values.email.length > 254) {
    errors.email = 'error_email_format'
  }
  if (values.phone.trim() !== '' && !PHONE.test(values.phone.trim())) {
    errors.phone = 'error_phone_invalid'
  }
  if (values.notes.length > 2000) errors.notes = 'error_notes_too_long'
  return errors
}

/** The questions the chosen service asks (none before a service is chosen). */
export function questionsOf(context: Pick<BookingContext, 'catalogue' | 'serviceId'>) {
  return (
    context.catalogue?.services.find((service) => service.id === context.serviceId)
      ?.booking_questions ?? []
  )
}

/** The answers worth sending: only to the questions the chosen service asks, only answered. */
function askedAnswers(context: BookingContext): Record<string, BookingAnswerValue> {
  const answers: Record<string, BookingAnswerValue> = {}
  for (const question of questionsOf(context)) {
    const value = context.answers[question.id]
    if (value !== undefined && isAnswered(value)) answers[question.id] = value
  }
  return answers
}

/**
 * The shared rule the server refuses with (shared/booking-questions.ts), per question id, for
 * the answers that would be sent.
 */
export function validateAnswers(context: BookingContext): AnswerErrors {
  const errors: AnswerErrors = {}
  for (const problem of answerProblems(questionsOf(context), askedAnswers(context))) {
    errors[problem.questionId] ??= problem.message
  }
  return errors
}

/** What the server is sent for the chosen slot and details. */
export function bookingBody(context: BookingContext): PublicBookingInput {
  const { customer } = context
  const phone = customer.phone.trim()
  const notes = customer.notes.trim()
  return {
    service_id: context.serviceId ?? '',
    team_member_id: context.teamMemberId === ANY_TEAM_MEMBER ? null : context.teamMemberId,
    starts_at: context.slot?.starts_at ?? '',
    customer: { name: customer.name.trim(), email: customer.email.trim(), phone: phone || null },
    ...(notes ? { notes } : {}),
    // A service without questions sends none, as before questions existed.
    ...(questionsOf(context).length > 0 ? { booking_answers: askedAnswers(context) } : {}),
    time_zone: context.timeZone,
  }
}

function retryAfterOf(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || !('retryAfterSeconds' in error)) return null
  return typeof error.retryAfterSeconds === 'number' ? error.retryAfterSeconds : null
}

/** Field errors a 400/422 named (`{ name: '…' }`), keeping only the visitor's own fields. */
function customerErrorsOf(error: unknown): CustomerErrors {
  if (typeof error !== 'object' || error === null || !('fieldErrors' in error)) return {}
  const fields = (error.fieldErrors ?? {}) as Record<string, string>
  const errors: CustomerErrors = {}
  for (const [path, message] of Object.entries(fields)) {
    const field = path.replace(/^customer\./, '')
    if (field === 'name' || field === 'email' || field === 'phone' || field === 'notes') {
      errors[field] = message
    }
  }
  return errors
}

const ANSWER_PATH = /^booking_answers\.(.+)$/

/** Answer errors a 400 named (`booking_answers.<question id>`), per question id. */
function answerErrorsOf(error: unknown): AnswerErrors {
  if (typeof error !== 'object' || error === null || !('fieldErrors' in error)) return {}
  const fields = (error.fieldErrors ?? {}) as Record<string, string>
  const errors: AnswerErrors = {}
  for (const [path, message] of Object.entries(fields)) {
    const questionId = ANSWER_PATH.exec(path)?.[1]
    if (questionId) errors[questionId] = message
  }
  return errors
}

function findService(context: BookingContext, serviceId: string | null) {
  return context.catalogue?.services.find((service) => service.id === serviceId)
}

/**
 * What a wizard link names that cannot be booked here (the machine is then in
 * `linkNotFound`): the team member when the link names only one; the service when the
 * business has no such one; the team member when it has no such one; else the service (not
 * with that team member, or not chosen that way here).
 */
export function missingFromLink(
  route: WizardRoute,
  catalogue: Catalogue | null,
): 'service' | 'team member' {
  if (!('serviceId' in route)) return 'team member'
  if (!catalogue?.services.some((service) => service.id === route.serviceId)) return 'service'
  const teamMemberId = 'teamMemberId' in route ? route.teamMemberId : ANY_TEAM_MEMBER
  const knownMember =
    teamMemberId === ANY_TEAM_MEMBER ||
    catalogue.teamMembers.some((member) => member.id === teamMemberId)
  return knownMember ? 'service' : 'team member'
}

/** Whether the business lets the visitor pick this team member (or "any") for this service. */
function isBookablePair(context: BookingContext, serviceId: string, teamMemberId: string) {
  const choice = context.catalogue?.business.team_member_choice
  const service = findService(context, serviceId)
  if (!service) return false
  if (teamMemberId === ANY_TEAM_MEMBER) return choice !== 'customer_picks'
  return choice !== 'any_available' && service.team_member_ids.includes(teamMemberId)
}

function routeServiceId(route: WizardRoute): string | null {
  return 'serviceId' in route ? route.serviceId : null
}

const notices = { notice: null, error: null }

/**
 * The public booking wizard, from choosing a service or a team member to the confirmation.
 *
 * The URL and the machine follow each other: `booking.urlChanged` (deep link, reload, back,
 * forward) routes to the step the URL names when the catalogue allows it, else to
 * `linkNotFound` (the page's not-found card); every step announces its own address through the `showRoute` action (the app
 * navigates, replacing the entry when it only corrects the URL the visitor came with).
 *
 * Effects are provided by the app: actors `loadCatalogue`, `monthOfSlots` (the month of free
 * times, month-of-slots.machine.ts, with its own `loadMonth`), `submitBooking`, `loadAppointment`,
 * `bookingPayment` (paying at booking, booking-payment.machine.ts, with its own effects), action
 * `showRoute`. Errors are states: slot taken (409, back to fresh
 * slots), rate limited (429), offline, other failures; a retry resends the same body with the
 * same idempotency key. Tags: `loading` while data loads, `busy` while the booking is sent.
 */
export const bookingMachine = setup({
  types: {
    context: {} as BookingContext,
    events: {} as BookingEvent,
    input: {} as BookingInput,
    children: {} as { monthOfSlots: 'monthOfSlots'; bookingPayment: 'bookingPayment' },
  },
  actors: {
    loadCatalogue: fromPromise<Catalogue, void>(async () => {
      throw new Error('provided by the app')
    }),
    monthOfSlots: monthReportingToParent(),
    submitBooking: fromPromise<PublicBookingConfirmation, BookingSubmission>(async () => {
      throw new Error('provided by the app')
    }),
    loadAppointment: fromPromise<PublicAppointment, AppointmentQuery>(async () => {
      throw new Error('provided by the app')
    }),
    /** Paying at booking (booking-payment.machine.ts), with its own effects. */
    bookingPayment: bookingPaymentMachine,
  },
  actions: {
    /** Provided by the app: navigate to the step's URL (`replace` when correcting the URL). */
    showRoute: (_, _params: { route: WizardRoute; replace: boolean }) => {},
    chooseFromUser: assign({ followingUrl: false }),
    /** A chosen service or team member starts a new pick of the other and of the slot. */
    adoptRoute: assign(({ context }) => {
      const { route } = context
      switch (route.step) {
        case 'serviceTeam':
          return { serviceId: route.serviceId, teamMemberId: null, teamMemberFirst: false }
        case 'teamServices':
          return { teamMemberId: route.teamMemberId, serviceId: null, teamMemberFirst: true }
        case 'calendar':
          return { serviceId: route.serviceId, teamMemberId: route.teamMemberId }
        case 'customerInfo': {
          const service = findService(context, route.serviceId)
          const startsAt = route.startsAt ?? ''
          const slot =
            context.slot?.starts_at === startsAt
              ? context.slot
              : {
                  starts_at: startsAt,
                  ends_at: new Date(
                    Date.parse(startsAt) + (service?.duration_minutes ?? 0) * 60_000,
                  ).toISOString(),
                  // A link names only the start; the seats are known again once times load.
                  seats_left: null,
                }
          return { serviceId: route.serviceId, teamMemberId: route.teamMemberId, slot }
        }
        default:
          return {}
      }
    }),
    /** The paid booking, as the payment's last sync told it. */
    adoptPaymentReturn: assign(({ context, event }) => {
      const output = (event as unknown as { output: PublicPaymentReturn }).output
      return {
        paymentReturn: output.state,
        confirmation: {
          appointment: output.appointment,
          manage_token: context.token ?? '',
          ...(output.payment ? { payment: output.payment } : {}),
        },
        followingUrl: true,
      }
    }),
    keyTheBooking: assign(({ context }) => {
      const body = JSON.stringify(bookingBody(context))
      if (context.idempotencyKey && context.keyedBody === body) return {}
      return { idempotencyKey: context.newIdempotencyKey(), keyedBody: body }
    }),
  },
  guards: {
    /** While the booking is on its way the form is frozen: edits are not taken. */
    acceptsCustomerEdits: not(stateIn({ details: 'submitting' })),
    hasCatalogue: ({ context }) => context.catalogue !== null,
    isConfirmationRoute: ({ context }) => context.route.step === 'confirmation',
    isPaymentRoute: ({ context }) => context.route.step === 'payment',
    /** The booking is a hold to pay for on Stripe's Checkout. */
    mustPay: ({ event }) => {
      const payment = (event as { output?: PublicBookingConfirmation }).output?.payment
      return payment?.status === 'pending' && Boolean(payment.checkout_url)
    },
    /** The confirmation URL names the booking this visit just made. */
    isJustBooked: ({ context }) =>
      context.route.step === 'confirmation' &&
      context.confirmation?.appointment.id === context.route.appointmentId,
    hasConfirmationToken: ({ context }) =>
      context.route.step === 'confirmation' && context.route.token !== null,
    isStartRoute: ({ context }) => context.route.step === 'start',
    isServiceTeamRoute: ({ context }) =>
      context.route.step === 'serviceTeam' &&
      findService(context, context.route.serviceId) !== undefined,
    isServiceWithoutTeamChoiceRoute: ({ context }) =>
      context.route.step === 'serviceTeam' &&
      findService(context, context.route.serviceId) !== undefined &&
      teamMemberWithoutChoice(context.catalogue, context.route.serviceId) !== null,
    isTeamServicesRoute: ({ context }) => {
      const { route } = context
      return (
        route.step === 'teamServices' &&
        context.catalogue?.business.team_member_choice !== 'any_available' &&
        (context.catalogue?.teamMembers.some((member) => member.id === route.teamMemberId) ?? false)
      )
    },
    isCalendarRoute: ({ context }) =>
      context.route.step === 'calendar' &&
      isBookablePair(context, context.route.serviceId, context.route.teamMemberId),
    isCustomerInfoRoute: ({ context }) =>
      context.route.step === 'customerInfo' &&
      context.route.startsAt !== null &&
      isBookablePair(context, context.route.serviceId, context.route.teamMemberId),
    /** A customer-info link without a chosen time: the visitor picks one first. */
    isCustomerInfoWithoutSlot: ({ context }) =>
      context.route.step === 'customerInfo' &&
      isBookablePair(context, context.route.serviceId, context.route.teamMemberId),
    leavesNoTeamChoice: ({ context, event }) =>
      event.type === 'booking.serviceChosen' &&
      teamMemberWithoutChoice(context.catalogue, event.serviceId) !== null,
    mayChooseTeamMember: ({ context }) =>
      context.catalogue?.business.team_member_choice !== 'any_available',
    isKnownService: ({ context, event }) =>
      event.type === 'booking.serviceChosen' && findService(context, event.serviceId) !== undefined,
    isKnownTeamMember: ({ context, event }) =>
      event.type === 'booking.teamMemberChosen' &&
      (context.catalogue?.teamMembers.some((member) => member.id === event.teamMemberId) ?? false),
    performsChosenService: ({ context, event }) =>
      event.type === 'booking.teamMemberChosen' &&
      context.serviceId !== null &&
      isBookablePair(context, context.serviceId, event.teamMemberId),
    isOfferedByChosenTeamMember: ({ context, event }) =>
      event.type === 'booking.serviceChosen' &&
      context.teamMemberId !== null &&
      isBookablePair(context, event.serviceId, context.teamMemberId),
    areDetailsInvalid: ({ context }) =>
      Object.keys(validateCustomer(context.customer)).length > 0 ||
      Object.keys(validateAnswers(context)).length > 0,
    isSlotTaken: ({ event }) => statusOf(errorOf(event)) === 409,
    /** A start that was never free (off the grid, outside hours, too soon…), with its reason. */
    isStartRefused: ({ event }) => startRefusalKey(problemTypeOf(errorOf(event))) !== null,
    isRateLimited: ({ event }) => statusOf(errorOf(event)) === 429,
    /** No HTTP answer at all: offline, DNS, timeout. */
    isNetworkFailure: ({ event }) => statusOf(errorOf(event)) === null,
    hasCustomerErrors: ({ event }) =>
      Object.keys(customerErrorsOf(errorOf(event))).length > 0 ||
      Object.keys(answerErrorsOf(errorOf(event))).length > 0,
  },
}).createMachine({
  id: 'booking',
  context: ({ input }) => ({
    notFound: false,
    route: input.route,
    teamMemberFirst: false,
    followingUrl: true,
    catalogue: input.catalogue ?? null,
    serviceId: null,
    teamMemberId: null,
    timeZone: input.timeZone,
    today: input.today,
    month: monthOf(input.today),
    slot: null,
    customer: input.customer ?? EMPTY_CUSTOMER,
    fieldErrors: {},
    answers: {},
    answerErrors: {},
    answersFor: null,
    idempotencyKey: null,
    keyedBody: null,
    confirmation: null,
    token: null,
    paymentReturn: null,
    error: null,
    notice: null,
    retryAfterSeconds: null,
    newIdempotencyKey: input.newIdempotencyKey,
  }),
  initial: 'routing',
  on: {
    'booking.urlChanged': {
      target: '.routing',
      reenter: true,
      actions: assign({ route: ({ event }) => event.route, followingUrl: true }),
    },
  },
  states: {
    routing: {
      always: [
        { guard: 'isConfirmationRoute', target: 'confirmation' },
        {
          guard: 'isPaymentRoute',
          target: 'paying',
          actions: assign({
            token: ({ context }) => (context.route.step === 'payment' ? context.route.token : null),
            notFound: false,
            error: null,
          }),
        },
        { guard: 'hasCatalogue', target: 'routingSteps' },
        { target: 'loadingCatalogue' },
      ],
    },
    loadingCatalogue: {
      tags: ['loading'],
      invoke: {
        id: 'loadCatalogue',
        src: 'loadCatalogue',
        onDone: {
          target: 'routingSteps',
          actions: assign({ catalogue: ({ event }) => event.output }),
        },
        onError: {
          target: 'catalogueFailed',
          actions: assign({
            error: ({ event }) => messageOf(event.error, 'error_catalogue'),
          }),
        },
      },
    },
    catalogueFailed: {
      on: { 'booking.retry': { target: 'loadingCatalogue', actions: assign(notices) } },
    },
    /** Picks the step the URL names, when what it names can be booked. */
    routingSteps: {
      always: [
        { guard: 'isStartRoute', target: 'start' },
        {
          // Whoever is free, or the one person who performs it: the team step is skipped.
          guard: 'isServiceWithoutTeamChoiceRoute',
          target: 'calendar',
          actions: assign({
            serviceId: ({ context }) => routeServiceId(context.route),
            teamMemberId: ({ context }) =>
              teamMemberWithoutChoice(context.catalogue, routeServiceId(context.route)),
          }),
        },
        { guard: 'isServiceTeamRoute', target: 'chooseTeamMember', actions: 'adoptRoute' },
        { guard: 'isTeamServicesRoute', target: 'chooseService', actions: 'adoptRoute' },
        { guard: 'isCalendarRoute', target: 'calendar', actions: 'adoptRoute' },
        { guard: 'isCustomerInfoRoute', target: 'details', actions: 'adoptRoute' },
        {
          guard: 'isCustomerInfoWithoutSlot',
          target: 'calendar',
          actions: assign({
            serviceId: ({ context }) => routeServiceId(context.route),
            teamMemberId: ({ context }) =>
              context.route.step === 'customerInfo' ? context.route.teamMemberId : null,
          }),
        },
        { target: 'linkNotFound' },
      ],
    },
    /**
     * The link names a service or team member that cannot be booked here: the page says so,
     * at the address the visitor came with, and links to the start (a new URL leaves).
     */
    linkNotFound: {},
    start: {
      entry: {
        type: 'showRoute',
        params: ({ context }) => ({ route: { step: 'start' }, replace: context.followingUrl }),
      },
      on: {
        'booking.serviceChosen': [
          {
            // Whoever is free, or the one person who performs it: no team member to choose.
            guard: and(['isKnownService', 'leavesNoTeamChoice']),
            target: 'calendar',
            actions: [
              'chooseFromUser',
              assign({
                serviceId: ({ event }) => event.serviceId,
                teamMemberId: ({ context, event }) =>
                  teamMemberWithoutChoice(context.catalogue, event.serviceId),
                teamMemberFirst: false,
              }),
              assign(notices),
            ],
          },
          {
            guard: 'isKnownService',
            target: 'chooseTeamMember',
            actions: [
              'chooseFromUser',
              assign({
                serviceId: ({ event }) => event.serviceId,
                teamMemberId: null,
                teamMemberFirst: false,
              }),
              assign(notices),
            ],
          },
        ],
        'booking.teamMemberChosen': {
          guard: and(['isKnownTeamMember', 'mayChooseTeamMember']),
          target: 'chooseService',
          actions: [
            'chooseFromUser',
            assign({
              teamMemberId: ({ event }) => event.teamMemberId,
              serviceId: null,
              teamMemberFirst: true,
            }),
            assign(notices),
          ],
        },
      },
    },
    chooseTeamMember: {
      entry: {
        type: 'showRoute',
        params: ({ context }) => ({
          route: { step: 'serviceTeam', serviceId: context.serviceId ?? '' },
          replace: context.followingUrl,
        }),
      },
      on: {
        'booking.teamMemberChosen': {
          guard: 'performsChosenService',
          target: 'calendar',
          actions: [
            'chooseFromUser',
            assign({ teamMemberId: ({ event }) => event.teamMemberId }),
            assign(notices),
          ],
        },
      },
    },
    chooseService: {
      entry: {
        type: 'showRoute',
        params: ({ context }) => ({
          route: { step: 'teamServices', teamMemberId: context.teamMemberId ?? '' },
          replace: context.followingUrl,
        }),
      },
      on: {
        'booking.serviceChosen': {
          guard: 'isOfferedByChosenTeamMember',
          target: 'calendar',
          actions: [
            'chooseFromUser',
            assign({ serviceId: ({ event }) => event.serviceId }),
            assign(notices),
          ],
        },
      },
    },
    calendar: {
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
    },
    details: {
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
    },
    confirmation: {
      initial: 'checking',
      states: {
        /** A confirmation URL: the booking just made, or one to load with the URL's token. */
        checking: {
          always: [
            {
              guard: 'isJustBooked',
              target: 'ready',
            },
            {
              guard: 'hasConfirmationToken',
              target: 'loading',
              actions: assign({
                token: ({ context }) =>
                  context.route.step === 'confirmation' ? context.route.token : null,
              }),
            },
            { target: 'failed', actions: assign({ error: NO_TOKEN_MESSAGE, notFound: false }) },
          ],
        },
        loading: {
          tags: ['loading'],
          invoke: {
            id: 'loadAppointment',
            src: 'loadAppointment',
            input: ({ context }) => ({
              appointmentId:
                context.route.step === 'confirmation' ? context.route.appointmentId : '',
              token: context.token ?? '',
            }),
            onDone: {
              target: 'ready',
              actions: assign({
                confirmation: ({ context, event }) => ({
                  appointment: event.output,
                  manage_token: context.token ?? '',
                }),
              }),
            },
            onError: {
              target: 'failed',
              actions: assign({
                error: ({ event }) => messageOf(event.error, 'error_appointment_not_found'),
                notFound: ({ event }) => statusOf(event.error) === 404,
              }),
            },
          },
        },
        ready: {
          entry: {
            type: 'showRoute',
            params: ({ context }) => ({
              route: {
                step: 'confirmation',
                appointmentId: context.confirmation?.appointment.id ?? '',
                token: context.token,
              },
              replace: context.followingUrl,
            }),
          },
        },
        failed: {
          on: {
            'booking.retry': {
              guard: 'hasConfirmationToken',
              target: 'loading',
              actions: assign({ error: null }),
            },
          },
        },
      },
    },
    /**
     * Paying at booking (booking-payment.machine.ts): the hold is made; the customer pays on
     * Stripe's hosted Checkout and comes back to `/booking/payment/:id` (a fresh page load:
     * `booking.urlChanged`, which starts the flow again there). Once paid, the confirmation.
     */
    paying: {
      invoke: {
        id: 'bookingPayment',
        src: 'bookingPayment',
        input: ({ context }) => ({
          route: context.route,
          confirmation: context.confirmation,
          token: context.token,
        }),
        onDone: { target: 'confirmation.ready', actions: 'adoptPaymentReturn' },
      },
    },
  },
})
