import { en, type MessageKey } from '../../shared/i18n/en'
import { loadedWizardScreen } from '../features/booking/wizard-presence'
import { lazyScreen } from './lazy-screen'
import type { ScreenRoute } from './route-types'

// Every wizard step after the start is the one wizard screen. Once the wizard has loaded (the
// start screen loads it on the visitor's first choice), the steps render it at once instead of
// suspending on a lazy wrapper first (a flash of "Loading…" and React's reveal delay).
const wizardScreen = lazyScreen(
  () => import('../features/booking/booking-wizard-screen'),
  (m) => m.BookingWizardScreen,
  loadedWizardScreen,
)

/** A booking route's title: the key the layout translates, and its English. */
export function bookingTitle(titleKey: MessageKey): { title: string; titleKey: MessageKey } {
  return { title: en[titleKey], titleKey }
}

/** The public booking area's pages, in match order (/booking/my-appointments before /booking/:teamMemberSlug). */
export const BOOKING_ROUTES: readonly ScreenRoute[] = [
  {
    path: '/booking',
    area: 'booking',
    ...bookingTitle('book_an_appointment'),
    // Not the wizard: most visits start here, so the first load stays small (see the screen).
    screen: lazyScreen(
      () => import('../features/booking/booking-start-screen'),
      (m) => m.BookingStartScreen,
    ),
  },
  {
    path: '/booking/service/:serviceId/team',
    area: 'booking',
    ...bookingTitle('title_choose_team_member'),
    screen: wizardScreen,
  },
  {
    path: '/booking/team/:teamMemberId/services',
    area: 'booking',
    ...bookingTitle('title_choose_service'),
    screen: wizardScreen,
  },
  {
    path: '/booking/calendar/:serviceId/:teamMemberId',
    area: 'booking',
    ...bookingTitle('title_choose_time'),
    screen: wizardScreen,
  },
  {
    path: '/booking/customer-info/:serviceId/:teamMemberId',
    area: 'booking',
    ...bookingTitle('title_your_details'),
    screen: wizardScreen,
  },
  {
    path: '/booking/profile-creation',
    area: 'booking',
    ...bookingTitle('title_create_profile'),
    screen: lazyScreen(
      () => import('../features/booking/booking-profile-creation-screen'),
      (m) => m.BookingProfileCreationScreen,
    ),
  },
  {
    path: '/booking/confirmation/:appointmentId',
    area: 'booking',
    ...bookingTitle('title_confirmation'),
    screen: wizardScreen,
  },
  {
    // Where Stripe's Checkout sends the customer back (shared/booking-links.ts paymentReturnUrl).
    path: '/booking/payment/:appointmentId',
    area: 'booking',
    ...bookingTitle('title_payment'),
    screen: wizardScreen,
  },
  {
    path: '/booking/event/:appointmentId',
    area: 'booking',
    ...bookingTitle('title_your_appointment'),
    screen: lazyScreen(
      () => import('../features/booking/booking-event-screen'),
      (m) => m.BookingEventScreen,
    ),
  },
  {
    path: '/booking/my-appointments',
    area: 'booking',
    ...bookingTitle('my_appointments'),
    screen: lazyScreen(
      () => import('../features/booking/booking-my-appointments-screen'),
      (m) => m.BookingMyAppointmentsScreen,
    ),
  },
  {
    path: '/booking/privacy',
    area: 'booking',
    ...bookingTitle('title_privacy'),
    screen: lazyScreen(
      () => import('../features/booking/booking-privacy-screen'),
      (m) => m.BookingPrivacyScreen,
    ),
  },
  {
    path: '/booking/:teamMemberSlug',
    area: 'booking',
    ...bookingTitle('title_team_member'),
    screen: lazyScreen(
      () => import('../features/booking/booking-team-member-screen'),
      (m) => m.BookingTeamMemberScreen,
    ),
  },
]
