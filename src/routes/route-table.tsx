import { preloadCalendarGrid } from '../features/calendar/full-calendar-chunk'
import { DASHBOARD_CALLS } from '../features/dashboard/start-calls'
import { BOOKING_ROUTES, bookingTitle } from './booking-routes'
import { lazyScreen } from './lazy-screen'
import type { AppRoute, ScreenRoute } from './route-types'

/**
 * Every route of the app, in match order: the first pattern that matches wins, so fixed paths
 * come before patterns that would also match them (/settings/billing before /settings/:settingId,
 * /booking/my-appointments before /booking/:teamMemberSlug).
 */
export const ROUTES: readonly AppRoute[] = [
  { path: '/', redirectTo: '/dashboard' },
  { path: '/billing', redirectTo: '/settings/billing' },

  {
    path: '/home',
    area: 'public',
    screen: lazyScreen(
      () => import('../features/site/home-screen'),
      (m) => m.HomeScreen,
    ),
  },
  {
    path: '/about',
    area: 'public',
    title: 'About',
    screen: lazyScreen(
      () => import('../features/site/about-screen'),
      (m) => m.AboutScreen,
    ),
  },
  {
    path: '/styleguide',
    area: 'public',
    title: 'Styleguide',
    screen: lazyScreen(
      () => import('../features/site/styleguide-screen'),
      (m) => m.StyleguideScreen,
    ),
  },

  {
    path: '/login',
    area: 'guest',
    title: 'Sign in',
    screen: lazyScreen(
      () => import('../features/auth/login-screen'),
      (m) => m.LoginScreen,
    ),
  },
  {
    path: '/register',
    area: 'guest',
    title: 'Create account',
    screen: lazyScreen(
      () => import('../features/auth/register-screen'),
      (m) => m.RegisterScreen,
    ),
  },

  {
    path: '/dashboard',
    area: 'staff',
    title: 'Dashboard',
    headerAction: { label: 'Quick Appointment', to: '/dashboard?quick=1', ready: true },
    startCalls: Object.values(DASHBOARD_CALLS),
    screen: lazyScreen(
      () =>
        import(/* webpackChunkName: "screen-dashboard" */ '../features/dashboard/dashboard-screen'),
      (m) => m.DashboardScreen,
    ),
  },
  {
    path: '/calendar',
    area: 'staff',
    title: 'Calendar',
    headerAction: { label: 'New Appointment', to: '/calendar?new=1', ready: true },
    startChunks: preloadCalendarGrid,
    startCalls: () =>
      import(
        /* webpackChunkName: "screen-calendar-start" */ '../features/calendar/start-calls'
      ).then((calls) => calls.calendarStartCalls()),
    screen: lazyScreen(
      () =>
        import(/* webpackChunkName: "screen-calendar" */ '../features/calendar/calendar-screen'),
      (m) => m.CalendarScreen,
    ),
  },
  {
    path: '/services',
    area: 'staff',
    title: 'Services',
    headerAction: {
      label: 'Add Service',
      to: '/services/create',
      ready: true,
      capability: 'services.write',
    },
    screen: lazyScreen(
      () => import('../features/services/services-screen'),
      (m) => m.ServicesScreen,
    ),
  },
  {
    path: '/services/create',
    area: 'staff',
    title: 'Add Service',
    screen: lazyScreen(
      () => import('../features/services/service-create-screen'),
      (m) => m.ServiceCreateScreen,
    ),
  },
  {
    path: '/services/:id/edit',
    area: 'staff',
    title: 'Edit Service',
    screen: lazyScreen(
      () => import('../features/services/service-edit-screen'),
      (m) => m.ServiceEditScreen,
    ),
  },
  {
    path: '/customers',
    area: 'staff',
    title: 'Customers',
    headerAction: { label: 'Add Customer', to: '/customers/create', ready: true },
    screen: lazyScreen(
      () => import('../features/customers/customers-screen'),
      (m) => m.CustomersScreen,
    ),
  },
  {
    path: '/customers/create',
    area: 'staff',
    title: 'Add Customer',
    screen: lazyScreen(
      () => import('../features/customers/customer-create-screen'),
      (m) => m.CustomerCreateScreen,
    ),
  },
  {
    path: '/customers/import',
    area: 'staff',
    title: 'Import Customers',
    screen: lazyScreen(
      () => import('../features/customers/customer-import-screen'),
      (m) => m.CustomerImportScreen,
    ),
  },
  {
    path: '/customers/:id',
    area: 'staff',
    title: 'Customer',
    screen: lazyScreen(
      () => import('../features/customers/customer-screen'),
      (m) => m.CustomerScreen,
    ),
  },
  {
    path: '/customers/:id/edit',
    area: 'staff',
    title: 'Edit Customer',
    screen: lazyScreen(
      () => import('../features/customers/customer-edit-screen'),
      (m) => m.CustomerEditScreen,
    ),
  },
  {
    path: '/team',
    area: 'staff',
    title: 'Team',
    headerAction: {
      label: 'Add Team Member',
      to: '/team/create',
      ready: true,
      capability: 'team.write',
    },
    screen: lazyScreen(
      () => import('../features/team/team-screen'),
      (m) => m.TeamScreen,
    ),
  },
  {
    path: '/team/create',
    area: 'staff',
    title: 'Add Team Member',
    screen: lazyScreen(
      () => import('../features/team/team-member-create-screen'),
      (m) => m.TeamMemberCreateScreen,
    ),
  },
  {
    path: '/team/:id/edit',
    area: 'staff',
    title: 'Edit Team Member',
    screen: lazyScreen(
      () => import('../features/team/team-member-edit-screen'),
      (m) => m.TeamMemberEditScreen,
    ),
  },
  {
    path: '/team/:id/calendars',
    area: 'staff',
    title: 'Team Member Calendars',
    screen: lazyScreen(
      () => import('../features/team/team-member-calendars-screen'),
      (m) => m.TeamMemberCalendarsScreen,
    ),
  },
  {
    path: '/insights',
    area: 'staff',
    title: 'Insights',
    screen: lazyScreen(
      () => import('../features/insights/insights-screen'),
      (m) => m.InsightsScreen,
    ),
  },
  {
    path: '/payments',
    area: 'staff',
    title: 'Payments',
    screen: lazyScreen(
      () => import('../features/payments/payments-screen'),
      (m) => m.PaymentsListScreen,
    ),
  },
  {
    path: '/settings',
    area: 'staff',
    title: 'Settings',
    screen: lazyScreen(
      () => import('../features/settings/settings-screen'),
      (m) => m.SettingsScreen,
    ),
  },
  {
    path: '/settings/business-configuration/edit',
    area: 'staff',
    title: 'Edit Business Configuration',
    screen: lazyScreen(
      () => import('../features/settings/business-configuration-edit-screen'),
      (m) => m.BusinessConfigurationEditScreen,
    ),
  },
  {
    path: '/settings/billing',
    area: 'staff',
    title: 'Billing Management',
    screen: lazyScreen(
      () => import('../features/billing/billing-screen'),
      (m) => m.BillingScreen,
    ),
  },
  {
    path: '/settings/payments',
    area: 'staff',
    title: 'Payments',
    screen: lazyScreen(
      () => import('../features/payments/payment-settings-screen'),
      (m) => m.PaymentsScreen,
    ),
  },
  // Each known setting has its own title; the pattern route is left with the unknown ones.
  {
    path: '/settings/booking-policy',
    area: 'staff',
    title: 'Booking Policy',
    screen: lazyScreen(
      () => import('../features/settings/setting-screen'),
      (m) => m.SettingScreen,
    ),
  },
  {
    path: '/settings/notifications',
    area: 'staff',
    title: 'Notifications',
    screen: lazyScreen(
      () => import('../features/settings/setting-screen'),
      (m) => m.SettingScreen,
    ),
  },
  {
    path: '/settings/appearance',
    area: 'staff',
    title: 'Appearance',
    screen: lazyScreen(
      () => import('../features/settings/setting-screen'),
      (m) => m.SettingScreen,
    ),
  },
  {
    path: '/settings/embed',
    area: 'staff',
    title: 'Website Embed',
    screen: lazyScreen(
      () => import('../features/settings/setting-screen'),
      (m) => m.SettingScreen,
    ),
  },
  {
    path: '/settings/language',
    area: 'staff',
    title: 'Language',
    screen: lazyScreen(
      () => import('../features/settings/setting-screen'),
      (m) => m.SettingScreen,
    ),
  },
  {
    path: '/settings/privacy',
    area: 'staff',
    title: 'Privacy Notice',
    screen: lazyScreen(
      () => import('../features/settings/setting-screen'),
      (m) => m.SettingScreen,
    ),
  },
  {
    path: '/settings/:settingId',
    area: 'staff',
    title: 'Setting not found',
    screen: lazyScreen(
      () => import('../features/settings/setting-screen'),
      (m) => m.SettingScreen,
    ),
  },
  {
    path: '/activity-log',
    area: 'staff',
    title: 'Activity Log',
    screen: lazyScreen(
      () => import('../features/activity/activity-log-screen'),
      (m) => m.ActivityLogScreen,
    ),
  },
  {
    path: '/sentry-test',
    area: 'staff',
    title: 'Error Tracking Test',
    screen: lazyScreen(
      () => import('../features/site/sentry-test-screen'),
      (m) => m.SentryTestScreen,
    ),
  },
  {
    path: '/checkout',
    area: 'staff',
    title: 'Complete your subscription',
    screen: lazyScreen(
      () => import('../features/billing/checkout-screen'),
      (m) => m.CheckoutScreen,
    ),
  },
  {
    path: '/checkout/success',
    area: 'staff',
    // Neutral: the page may still be confirming, or say the payment did not go through; its
    // "Subscription Activated" heading appears only once the plan is in force.
    title: 'Your subscription',
    screen: lazyScreen(
      () => import('../features/billing/checkout-success-screen'),
      (m) => m.CheckoutSuccessScreen,
    ),
  },

  ...BOOKING_ROUTES,
]

/** Shown when nothing in ROUTES matches; inside the booking layout for paths under /booking. */
export const NOT_FOUND_ROUTE: ScreenRoute = {
  path: '*',
  area: 'public',
  ...bookingTitle('title_page_not_found'),
  screen: lazyScreen(
    () => import('../features/site/not-found-screen'),
    (m) => m.NotFoundScreen,
  ),
}
