import { and, assign } from 'xstate'
import { teamMemberWithoutChoice } from '../domain/team-choice'
import { routeServiceId } from './booking-catalogue-rules'
import { notices } from './booking-context'
import { bookingSetup } from './booking-setup'
import { messageOf } from './call-errors'

/**
 * The booking wizard's first steps (booking.machine.ts): the URL routed to the step it names
 * (once the catalogue is there), then the choice of a service and of a team member, in
 * either order.
 */
export const choosingStates = {
  routing: bookingSetup.createStateConfig({
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
  }),
  loadingCatalogue: bookingSetup.createStateConfig({
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
  }),
  catalogueFailed: bookingSetup.createStateConfig({
    on: { 'booking.retry': { target: 'loadingCatalogue', actions: assign(notices) } },
  }),
  /** Picks the step the URL names, when what it names can be booked. */
  routingSteps: bookingSetup.createStateConfig({
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
  }),
  /**
   * The link names a service or team member that cannot be booked here: the page says so,
   * at the address the visitor came with, and links to the start (a new URL leaves).
   */
  linkNotFound: {},
  start: bookingSetup.createStateConfig({
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
  }),
  chooseTeamMember: bookingSetup.createStateConfig({
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
  }),
  chooseService: bookingSetup.createStateConfig({
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
  }),
}
