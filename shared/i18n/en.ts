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
} as const

/** The keys every catalogue has. */
export type MessageKey = keyof typeof en

/** A catalogue: a string for each English key. */
export type Catalogue = Record<MessageKey, string>
