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
  services_empty_text: 'Please contact the business directly.',
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
  notice_unknown_link: 'That link no longer matches what can be booked here. Please choose again.',
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
  ics_summary: '{{service}} at {{business}}',
  ics_description: '{{service}} with {{member}} at {{business}}.',
  ics_manage: 'Reschedule or cancel: {{url}}',
} as const

/** The keys every catalogue has. */
export type MessageKey = keyof typeof en

/** A catalogue: a string for each English key. */
export type Catalogue = Record<MessageKey, string>
