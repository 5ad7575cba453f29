/**
 * English: the reference catalogue of the public booking pages and customer e-mails. Every
 * other language has exactly these keys and the same `{{placeholders}}` (a unit test checks).
 * Keys ending in `_one` / `_other` are plural forms, picked with `Intl.PluralRules`; a language
 * whose rules name another category (French "many") falls back to `_other`.
 */
export const en = {
  // Page chrome
  language_label: 'Language',
  skip_to_content: 'Skip to content',
  loading: 'Loading…',
  try_again: 'Try again',
  book_an_appointment: 'Book an appointment',
  my_appointments: 'My appointments',

  // Customer details form
  field_name: 'Name',
  field_email: 'E-mail',
  field_phone: 'Phone (optional)',
  field_notes: 'Notes for us (optional)',
  booking_busy: 'Booking…',
  error_name_required: 'Please enter your name.',
  error_email_required: 'Please enter your e-mail address.',
  error_email_invalid: 'Please enter a valid e-mail address.',

  // Booking questions
  question_required: 'required',
  answer_required: 'Please answer this question.',
  answer_must_tick: 'Please tick this box to continue.',
  answer_too_long: 'Please keep this under {{max}} characters.',
  answer_invalid: 'Please check this answer.',

  // Appointment summary
  summary_service: 'Service',
  summary_when: 'When',
  summary_with: 'With',
  summary_where: 'Where',
  contact_label: 'How to reach {{business}}',
  contact_call: 'Please call {{business}} on {{phone}}.',
  contact_write: 'Please e-mail {{business}} at {{email}}.',
  contact_none: 'Please contact {{business}}.',
  contact_phone: 'Phone',
  contact_email: 'E-mail',
  contact_map: '{{address}} (map)',
  summary_price: 'Price',
  summary_at_business: '{{time}} at the business',
  duration_minutes_one: '{{count}} min',
  duration_minutes_other: '{{count}} min',

  // Confirmation
  confirmation_loading: 'Loading your appointment…',
  confirmation_failed: 'We could not show this appointment',
  confirmation_cancelled: 'This appointment was cancelled.',
  confirmation_lead: "You're booked, {{name}}. We've sent the details to {{email}}.",
  confirmation_lead_no_email: "You're booked, {{name}}.",
  confirmation_download_ics: 'Download calendar file (.ics)',
  confirmation_google: 'Add to Google Calendar',
  confirmation_manage: 'Reschedule or cancel',
  confirmation_keep_link:
    "Keep this page's address or the e-mail: the link to change your appointment is private to you.",
  confirmation_all_bookings: 'All your bookings here in one place:',
  confirmation_sign_in_hint: '(we e-mail you a sign-in link, no password).',
  // Paying at booking: the way to Stripe's Checkout and back (booking machine's `paying`)
  title_payment: 'Your payment',
  continue_to_payment: 'Continue to payment',
  paying_redirect: 'Taking you to the secure payment page…',
  paying_new_tab:
    'Complete your payment in the new tab. Your time is held while you pay; this page updates when you are done.',
  open_payment_page: 'Open the payment page',
  paying_checking: 'Checking your payment…',
  paying_confirming: 'Confirming your payment…',
  paying_failed_title: 'Payment not completed',
  paying_failed: 'Your payment was not completed, so the booking is not confirmed yet.',
  paying_unconfirmed:
    'We have not received your payment yet. If you paid, you will get an e-mail as soon as it arrives; if not, you can pay again.',
  paying_time_left: 'Your time is held for another {{time}}.',
  pay_again: 'Pay now',
  paying_expired_title: 'The time is no longer held for you',
  paying_expired:
    'The time held for you ran out before the payment, so nothing was charged and the time is free again. Please choose a time again.',
  choose_another_time: 'Choose another time',
  paying_refunded_title: 'Not booked: your payment was returned',
  paying_refunded:
    'Your payment arrived after the time held for you had run out, and someone else booked that time meanwhile. The {{amount}} you paid has been refunded in full.',
  paying_sync_failed: 'We could not check your payment',
  error_payment_sync: 'Your payment could not be checked just now. Please try again.',
  confirmation_paid_prepayment: 'Paid: {{amount}}.',
  confirmation_paid_deposit: 'Deposit paid: {{amount}}.',
  confirmation_card_kept: 'Your card is kept on file for a no-show fee; nothing was charged.',
  confirmation_refund_rule:
    'Cancel before {{deadline}} and it is refunded in full; after that, {{kept}} is kept.',
  calendar_title: '{{service}} at {{business}}',
  calendar_details: 'With {{member}}. See, move or cancel: {{url}}',

  // Page titles of the booking routes (src/routes/route-table.tsx)
  title_choose_team_member: 'Choose a team member',
  title_choose_service: 'Choose a service',
  title_choose_time: 'Choose a time',
  title_your_details: 'Your details',
  title_create_profile: 'Create your profile',
  title_confirmation: 'Booking confirmation',
  title_your_appointment: 'Your appointment',
  title_team_member: 'Team member',
  title_page_not_found: 'Page not found',

  // Booking layout and embed layout
  theme_to_dark: 'Switch to dark mode',
  theme_to_light: 'Switch to light mode',
  powered_by: 'Powered by {{product}}',
  privacy_link: 'Privacy notice',
  title_privacy: 'Privacy notice',
  privacy_details_note: 'We use your details as our {{link}} says.',
  privacy_load_failed: 'We could not load the privacy notice',
  embed_label: 'Booking',

  // Progress indicator
  progress_label: 'Booking progress',
  progress_step: 'Step {{current}} of {{total}}',
  progress_service: 'Service',
  progress_team_member: 'Team member',
  progress_time: 'Time',
  progress_details: 'Your details',
  progress_done: 'Done',

  // Wizard: service and team member steps
  wizard_loading: 'Loading the booking page…',
  wizard_failed: 'The booking page did not load',
  services_empty_title: 'Nothing to book online yet',
  services_empty_text: 'Please contact the business directly to book.',
  services_other: 'Other services',
  pay_at_booking_full: 'Paid at booking',
  pay_at_booking_deposit: 'Deposit {{amount}} at booking',
  pay_at_booking_card: 'Card needed to book',
  any_available: 'Any available',
  any_available_hint: 'The most times to choose from',
  start_lead: 'Book with {{business}}.',
  start_lead_choice: 'Start with a service or a person.',
  choose_service: 'Choose a service',
  choose_team_member_instead: 'Or choose who you would like to see',
  team_member_question: '{{service}} — who would you like to see?',
  service_question: 'What would you like to book with {{member}}?',
  back_services: 'Services',
  back_start_again: 'Start again',
  back: 'Back',
  back_other_times: 'Other times',

  // Wizard: summary panel
  summary_label: 'Your booking',
  summary_with_member: 'with {{name}}',
  summary_with_anyone: 'with any available team member',
  cancel_anytime: 'Free cancellation up to the start.',
  cancel_before: 'Free cancellation up to {{notice}} before the start.',
  pay_now_full: 'Paid when you book: {{amount}}.',
  pay_now_deposit: 'Deposit paid when you book: {{amount}}.',
  pay_card_on_file: 'Nothing to pay now; your card is kept for a {{fee}} fee if you do not come.',
  pay_refund_before:
    'Refunded in full if you cancel up to {{notice}} before the start; after that {{amount}} is kept.',
  pay_refund_anytime: 'Refunded in full if you cancel before the start.',

  // Wizard: time step (month of free times, clock, time zone)
  calendar_loading: 'Loading the calendar…',
  choose_time: 'Choose a time',
  previous_month: 'Previous month',
  next_month: 'Next month',
  next_available: 'Next available',
  times_loading: 'Loading free times…',
  times_failed: 'The free times did not load',
  month_empty_title: 'No free times this month',
  month_empty_end: 'This is as far ahead as bookings open.',
  choose_day: 'Choose a day to see its times.',
  times_on: 'Free times on {{day}}',
  day_no_times: 'no free times',
  clock_24: '24-hour clock',
  seats_left_one: '{{count}} seat left',
  seats_left_other: '{{count}} seats left',
  period_morning: 'Morning',
  period_afternoon: 'Afternoon',
  period_evening: 'Evening',
  time_zone: 'Time zone',
  time_zone_search: 'Search a city or UTC offset',
  time_zone_none: 'No time zone matches',
  time_zone_business: 'The business is in {{zone}}.',

  // Wizard: details step and sending the booking
  book_now: 'Book now',
  error_name_too_long: 'Please keep your name under 120 characters.',
  error_email_format: 'Please enter an e-mail address like name@example.com.',
  error_phone_invalid: 'Please use digits, spaces and + ( ) . / - only.',
  error_notes_too_long: 'Please keep notes under 2000 characters.',
  submit_offline_title: 'You seem to be offline',
  submit_offline:
    'We could not reach the booking service — check your connection. Your details are kept; trying again will not book twice.',
  submit_failed_title: 'Not booked yet',
  submit_rate_limited_one: 'Too many booking attempts. Please wait {{count}} second and try again.',
  submit_rate_limited_other:
    'Too many booking attempts. Please wait {{count}} seconds and try again.',
  submit_rate_limited_moment: 'Too many booking attempts. Please wait a moment and try again.',

  // Wizard: why the visitor was sent back, and failures (src/machines/booking.machine.ts)
  notice_slot_taken:
    'Sorry — someone booked that time a moment ago. Here are the times that are still free.',
  refusal_not_on_grid:
    'That time is not one of the start times offered. Here are the times that are free.',
  refusal_outside_hours: 'That time is outside working hours. Here are the times that are free.',
  refusal_time_off: 'Nobody is available at that time. Here are the times that are free.',
  refusal_too_soon: 'That time is too soon to book online. Here are the times that are still free.',
  refusal_too_far_ahead:
    'That time is too far ahead to book online yet. Here are the times that are free.',
  error_catalogue: 'The booking page could not load.',
  error_rate_limited: 'Too many bookings at once.',
  error_not_booked: 'The booking did not go through.',
  error_no_token:
    'This confirmation link is incomplete. Open the link from your confirmation e-mail.',
  error_appointment_not_found: 'This appointment could not be found.',
  error_times: 'The free times could not load.',

  // Team member profile (/booking/{slug})
  profile_loading: 'Loading profile…',
  profile_failed: 'This page could not be shown',
  profile_failed_text: 'Please try again later.',
  profile_book_with: 'Book with {{name}}',
  profile_services: 'Services',
  profile_no_services: 'Nothing to book online with {{name}} yet.',
  profile_next_times: 'Next free times for {{service}}',
  profile_no_times: 'No free times in the next two weeks.',

  // Not-found card
  not_found_profile: 'We could not find this profile',
  not_found_service: 'We could not find this service',
  not_found_team_member: 'We could not find this team member',
  not_found_appointment: 'We could not find this appointment',
  not_found_text: 'The link may be mistyped, or what it pointed to is no longer offered here.',
  see_everything: 'See everything to book',
  not_found_no_page: 'There is no page at {{path}}. The link may be out of date or mistyped.',
  start_a_booking: 'Start a booking',

  // Customer e-mails
  email_greeting: 'Hello {{name}},',
  email_opening_confirmation: 'Your appointment at {{business}} is booked.',
  email_opening_reschedule: 'Your appointment at {{business}} has changed. The new details:',
  email_opening_cancellation: 'Your appointment at {{business}} is cancelled.',
  email_opening_reminder: 'A reminder of your upcoming appointment at {{business}}.',
  email_what: '{{service}} with {{member}}',
  email_subject_confirmation: 'Booked: {{what}} — {{date}}',
  email_subject_reschedule: 'Changed: {{what}} — {{date}}',
  email_subject_cancellation: 'Cancelled: {{what}} — {{date}}',
  email_subject_reminder: 'Reminder: {{what}} — {{date}}',
  email_reason: 'Reason: {{reason}}',
  email_book_again: 'To book again: {{url}}',
  email_manage: 'To reschedule or cancel: {{url}}',
  email_paid_prepayment: 'Paid: {{amount}}.',
  email_paid_deposit: 'Deposit paid: {{amount}}.',
  email_card_on_file:
    'Your card is kept on file: if you miss the appointment without cancelling, a no-show fee of {{fee}} is charged.',
  email_refund_rule:
    'Cancel before {{deadline}} and the payment is refunded in full; after that, {{kept}} is kept.',
  email_opening_late_payment:
    'Your payment to {{business}} arrived after the time held for you had run out, and someone else booked that time meanwhile, so the appointment could not be made.',
  email_late_payment_refunded: 'Your payment of {{amount}} has been refunded in full.',
  email_subject_late_payment: 'Not booked: {{what}} — {{date}}',
  email_subject_no_show_fee: 'No-show fee charged: {{what}} — {{date}}',
  email_opening_no_show_fee:
    'You did not come to your appointment at {{business}} and did not cancel it, so its no-show fee was charged to the card you left when booking.',
  email_no_show_fee_charged: 'Charged: {{amount}}.',
  email_no_show_fee_contact: 'If you think this is a mistake, please contact {{business}}.',
  ics_summary: '{{service}} at {{business}}',
  ics_description: '{{service}} with {{member}} at {{business}}.',
  ics_manage: 'Reschedule or cancel: {{url}}',
  // Refunds: on cancellation and by staff
  email_cancel_refunded:
    'The {{amount}} you paid is being refunded to your card; it can take a few days to show.',
  email_cancel_kept:
    'As the appointment was cancelled after the cancellation deadline, the {{amount}} you paid is kept.',
  email_opening_refund:
    '{{business}} has refunded {{amount}} of your payment for this appointment:',
  email_refund_note: 'It can take a few days to show on your card.',
  email_subject_refund: 'Refund: {{what}} — {{date}}',
  // The receipt of a visit checked out at the till
  email_subject_receipt: 'Receipt: {{what}} — {{date}}',
  email_opening_receipt: 'Thank you for your visit to {{business}}. Your receipt:',
  email_receipt_extra: '{{name}} × {{quantity}}',
  email_receipt_discount: 'Discount',
  email_receipt_total: 'Total',
  email_receipt_paid_before: 'Paid online before',
  email_receipt_tip: 'Tip',
  email_receipt_paid_now: 'Paid now ({{method}})',
  email_receipt_method_cash: 'cash',
  email_receipt_method_card_terminal: 'card',
  email_receipt_method_other: 'other',

  // Manage page, my appointments, profile (i12-a)
  // Appointment statuses as the customer reads them
  status_confirmed: 'Confirmed',
  status_cancelled: 'Cancelled',
  status_completed: 'Completed',
  status_no_show: 'No-show',
  status_pending_payment: 'Awaiting payment',
  status_payment_expired: 'Not paid in time',
  // The manage page (/booking/event/…)
  manage_load_failed: 'This appointment could not be shown. Please try again.',
  manage_not_found: 'There is no appointment here for this link.',
  manage_link_incomplete:
    'This link is incomplete. Open the link from your confirmation e-mail or page.',
  call_offline: 'We could not reach the booking service. Check your connection and try again.',
  call_rate_limited: 'Too many attempts. Please wait a moment and try again.',
  manage_reason_given: 'Reason given: {{reason}}',
  manage_reschedule_until: 'You can reschedule until {{time}}.',
  manage_reschedule_closed: 'It is too late to reschedule online.',
  manage_cancel_until: 'You can cancel until {{time}}.',
  manage_cancel_closed: 'It is too late to cancel online.',
  manage_reschedule: 'Reschedule',
  manage_cancel: 'Cancel appointment',
  manage_calendar_file: 'Calendar file (.ics)',
  manage_book_again: 'Book again',
  manage_choose_new_time: 'Choose a new time',
  manage_moving: 'Moving your appointment to {{time}}…',
  manage_moved: 'Your appointment is now on {{time}}. We have e-mailed you the new time.',
  manage_slot_taken: 'That time is no longer free. Please choose another.',
  manage_not_moved_title: 'Not moved yet',
  manage_not_moved: 'The appointment was not moved. Please try again.',
  manage_keep_time: 'Keep the current time',
  manage_confirm_title: 'Move your appointment?',
  manage_confirm_from: 'Now',
  manage_confirm_to: 'New time',
  manage_confirm_move: 'Move it',
  manage_confirm_other: 'Choose another time',
  manage_cancel_title: 'Cancel this appointment',
  manage_reason: 'Reason',
  manage_reason_required: 'Please tell us briefly why you cancel.',
  manage_cancelling: 'Cancelling…',
  manage_keep_it: 'Keep it',
  manage_cancelled: 'Your appointment has been cancelled.',
  manage_not_cancelled_title: 'Not cancelled',
  manage_not_cancelled: 'The appointment was not cancelled. Please try again.',
  // My appointments (/booking/my-appointments)
  account_loading: 'Loading your appointments…',
  account_unavailable: 'Sign-in is not available right now',
  account_sign_in_title: 'Sign in to see your appointments',
  account_sign_in_intro:
    'No password needed: we e-mail you a link that signs you in. Use the address you booked with.',
  account_send_link: 'Send me a sign-in link',
  account_sending: 'Sending…',
  account_just_book: 'Just want to book?',
  account_check_inbox: 'Check your inbox',
  account_link_sent:
    'We sent a sign-in link to {{email}}. Open it to see your appointments; it works once.',
  account_spam: 'Nothing arrived after a few minutes? Check your spam folder.',
  account_use_another: 'Use another address',
  account_confirm_title: 'Confirm your e-mail',
  account_confirm_intro:
    'This link was opened on another device or browser. Enter the address it was sent to, to finish signing in.',
  account_sign_in: 'Sign in',
  account_signing_in: 'Signing in…',
  account_link_failed: 'We could not sign you in',
  account_send_new_link: 'Send a new link',
  account_signed_in_as: 'Signed in as {{email}}',
  account_your_details: 'Your details',
  account_sign_out: 'Sign out',
  account_signing_out: 'Signing out…',
  account_load_failed: 'We could not load your appointments',
  account_upcoming: 'Upcoming',
  account_no_upcoming: 'You have no upcoming appointments.',
  account_past: 'Past',
  account_no_past: 'Past and cancelled appointments will show here.',
  account_book_another: 'Book another appointment',
  account_with: 'with {{member}}',
  account_email_invalid: 'Please enter an e-mail address like name@example.com.',
  account_start_failed: 'Sign-in could not start. Check your connection.',
  account_link_not_sent: 'The link could not be sent. Please try again.',
  account_link_did_not_work: 'This sign-in link did not work.',
  account_link_expired:
    'This sign-in link has expired or was already used. Send yourself a new one.',
  account_link_other_address:
    'This is not the address the link was sent to. Send yourself a new link.',
  account_sign_in_offline:
    'We could not reach the sign-in service. Check your connection and try again.',
  account_too_many_links:
    'Too many sign-in links were asked for. Please wait a few minutes and try again.',
  account_sign_in_failed: 'Signing in did not work. Please try again.',
  account_signed_out: 'You are signed out. Sign in again with a link to see your appointments.',
  account_appointments_failed: 'Your appointments could not be loaded.',
  account_sign_out_failed: 'Signing out did not work.',
  details_not_loaded: 'Your details could not be loaded.',
  details_not_saved: 'Your details could not be saved.',
  details_name_too_long: 'Please keep your name under 120 characters.',
  details_phone_invalid: 'Please use 3 to 40 digits, spaces and + ( ) . / - only.',
  details_check_highlighted: 'Please check the highlighted fields.',
  details_check_field: 'Please check this field.',
  // Your details (/booking/profile-creation)
  details_loading: 'Loading your details…',
  details_load_failed: 'We could not load your details',
  details_intro:
    'Signed in as {{email}}. The business uses these details to reach you about your appointments, and your next booking is filled in with them.',
  details_saving: 'Saving…',
  details_save: 'Save my details',
  details_not_now: 'Not now',
} as const

/** The keys every catalogue has. */
export type MessageKey = keyof typeof en

/** A catalogue: a string for each English key. */
export type Catalogue = Record<MessageKey, string>
