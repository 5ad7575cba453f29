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

  // Manage page, my appointments, profile (i12-a)
  // Why a chosen start was refused (the booking and manage pages; src/domain/start-refusals.ts)
  refusal_not_on_grid:
    'That time is not one of the start times offered. Here are the times that are free.',
  refusal_outside_hours: 'That time is outside working hours. Here are the times that are free.',
  refusal_time_off: 'Nobody is available at that time. Here are the times that are free.',
  refusal_too_soon: 'That time is too soon to book online. Here are the times that are still free.',
  refusal_too_far_ahead:
    'That time is too far ahead to book online yet. Here are the times that are free.',
  // Appointment statuses as the customer reads them
  status_confirmed: 'Confirmed',
  status_cancelled: 'Cancelled',
  status_completed: 'Completed',
  status_no_show: 'No-show',
  // The manage page (/booking/event/…)
  manage_load_failed: 'This appointment could not be shown. Please try again.',
  manage_not_found: 'There is no appointment here for this link.',
  manage_link_incomplete:
    'This link is incomplete. Open the link from your confirmation e-mail or page.',
  call_offline: 'We could not reach the booking service. Check your connection and try again.',
  call_rate_limited: 'Too many attempts. Please wait a moment and try again.',
  manage_reason_given: 'Reason given: {{reason}}',
  manage_reschedule_until: 'You can reschedule until {{time}}.',
  manage_reschedule_closed: 'It is too late to reschedule online — please call the business.',
  manage_cancel_until: 'You can cancel until {{time}}.',
  manage_cancel_closed: 'It is too late to cancel online — please call the business.',
  manage_reschedule: 'Reschedule',
  manage_cancel: 'Cancel appointment',
  manage_calendar_file: 'Calendar file (.ics)',
  manage_book_again: 'Book again',
  manage_choose_new_time: 'Choose a new time',
  manage_moving: 'Moving your appointment to {{time}}…',
  manage_moved: 'Your appointment has been moved. We have e-mailed you the new time.',
  manage_slot_taken: 'That time is no longer free. Please choose another.',
  manage_not_moved_title: 'Not moved yet',
  manage_not_moved: 'The appointment was not moved. Please try again.',
  manage_keep_time: 'Keep the current time',
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
