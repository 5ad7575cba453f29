import { assign } from 'xstate'
import { choosingStates } from './booking-choosing-states'
import { confirmationStates } from './booking-confirmation-states'
import { initialBookingContext } from './booking-context'
import { detailsStates } from './booking-details-states'
import { bookingSetup } from './booking-setup'

/**
 * The public booking wizard, from choosing a service or a team member to the confirmation.
 *
 * The URL and the machine follow each other: `booking.urlChanged` (deep link, reload, back,
 * forward) routes to the step the URL names when the catalogue allows it, else to
 * `linkNotFound` (the page's not-found card); every step announces its own address through the
 * `showRoute` action (the app navigates, replacing the entry when it only corrects the URL the
 * visitor came with). The steps' states are in booking-choosing-states.ts,
 * booking-details-states.ts and booking-confirmation-states.ts; the types, actions and guards
 * in booking-setup.ts.
 *
 * Effects are provided by the app: actors `loadCatalogue`, `monthOfSlots` (the month of free
 * times, month-of-slots.machine.ts, with its own `loadMonth`), `submitBooking`, `loadAppointment`,
 * `bookingPayment` (paying at booking, booking-payment.machine.ts, with its own effects), action
 * `showRoute`. Errors are states: slot taken (409, back to fresh
 * slots), rate limited (429), offline, other failures; a retry resends the same body with the
 * same idempotency key. Tags: `loading` while data loads, `busy` while the booking is sent.
 */
export const bookingMachine = bookingSetup.createMachine({
  id: 'booking',
  context: ({ input }) => initialBookingContext(input),
  initial: 'routing',
  on: {
    'booking.urlChanged': {
      target: '.routing',
      reenter: true,
      actions: assign({ route: ({ event }) => event.route, followingUrl: true }),
    },
  },
  states: {
    ...choosingStates,
    ...detailsStates,
    ...confirmationStates,
  },
})
