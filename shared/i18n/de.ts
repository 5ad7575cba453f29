import type { Catalogue } from './en.ts'

/** German, addressing the visitor as "Sie". */
export const de: Catalogue = {
  language_label: 'Sprache',
  skip_to_content: 'Zum Inhalt springen',
  loading: 'Wird geladen…',
  try_again: 'Erneut versuchen',
  book_an_appointment: 'Termin buchen',
  my_appointments: 'Meine Termine',

  field_name: 'Name',
  field_email: 'E-Mail',
  field_phone: 'Telefon (optional)',
  field_notes: 'Hinweise für uns (optional)',
  booking_busy: 'Wird gebucht…',
  error_name_required: 'Bitte geben Sie Ihren Namen ein.',
  error_email_required: 'Bitte geben Sie Ihre E-Mail-Adresse ein.',
  error_email_invalid: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',

  // Booking questions
  question_required: 'Pflichtfeld',
  answer_required: 'Bitte beantworten Sie diese Frage.',
  answer_must_tick: 'Bitte kreuzen Sie dieses Kästchen an, um fortzufahren.',
  answer_too_long: 'Bitte verwenden Sie höchstens {{max}} Zeichen.',
  answer_invalid: 'Bitte prüfen Sie diese Antwort.',

  summary_service: 'Leistung',
  summary_when: 'Wann',
  summary_with: 'Mit',
  summary_where: 'Wo',
  summary_price: 'Preis',
  summary_at_business: '{{time}} beim Unternehmen',
  duration_minutes_one: '{{count}} Min.',
  duration_minutes_other: '{{count}} Min.',

  confirmation_loading: 'Ihr Termin wird geladen…',
  confirmation_failed: 'Dieser Termin konnte nicht angezeigt werden',
  confirmation_cancelled: 'Dieser Termin wurde abgesagt.',
  confirmation_lead:
    'Ihr Termin ist gebucht, {{name}}. Wir haben die Details an {{email}} gesendet.',
  confirmation_lead_no_email: 'Ihr Termin ist gebucht, {{name}}.',
  confirmation_download_ics: 'Kalenderdatei herunterladen (.ics)',
  confirmation_google: 'Zu Google Kalender hinzufügen',
  confirmation_manage: 'Verschieben oder absagen',
  confirmation_keep_link:
    'Bewahren Sie die Adresse dieser Seite oder die E-Mail auf: Der Link zum Ändern Ihres Termins ist nur für Sie bestimmt.',
  confirmation_all_bookings: 'Alle Ihre Buchungen hier an einem Ort:',
  confirmation_sign_in_hint: '(wir senden Ihnen einen Anmeldelink per E-Mail, kein Passwort).',
  calendar_title: '{{service}} bei {{business}}',
  calendar_details: 'Mit {{member}}. Ansehen, verschieben oder absagen: {{url}}',

  email_greeting: 'Guten Tag {{name}},',
  email_opening_confirmation: 'Ihr Termin bei {{business}} ist gebucht.',
  email_opening_reschedule: 'Ihr Termin bei {{business}} hat sich geändert. Die neuen Details:',
  email_opening_cancellation: 'Ihr Termin bei {{business}} wurde abgesagt.',
  email_opening_reminder: 'Eine Erinnerung an Ihren bevorstehenden Termin bei {{business}}.',
  email_what: '{{service}} mit {{member}}',
  email_subject_confirmation: 'Gebucht: {{what}} — {{date}}',
  email_subject_reschedule: 'Geändert: {{what}} — {{date}}',
  email_subject_cancellation: 'Abgesagt: {{what}} — {{date}}',
  email_subject_reminder: 'Erinnerung: {{what}} — {{date}}',
  email_reason: 'Grund: {{reason}}',
  email_book_again: 'Erneut buchen: {{url}}',
  email_manage: 'Verschieben oder absagen: {{url}}',
  ics_summary: '{{service}} bei {{business}}',
  ics_description: '{{service}} mit {{member}} bei {{business}}.',
  ics_manage: 'Verschieben oder absagen: {{url}}',
}
