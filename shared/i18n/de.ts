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

  // Page titles of the booking routes
  title_choose_team_member: 'Teammitglied wählen',
  title_choose_service: 'Leistung wählen',
  title_choose_time: 'Zeit wählen',
  title_your_details: 'Ihre Angaben',
  title_create_profile: 'Ihr Profil anlegen',
  title_confirmation: 'Buchungsbestätigung',
  title_your_appointment: 'Ihr Termin',
  title_team_member: 'Teammitglied',
  title_page_not_found: 'Seite nicht gefunden',

  // Booking layout and embed layout
  theme_to_dark: 'Zum dunklen Modus wechseln',
  theme_to_light: 'Zum hellen Modus wechseln',
  powered_by: 'Bereitgestellt von {{product}}',
  embed_label: 'Buchung',

  // Progress indicator
  progress_label: 'Buchungsfortschritt',
  progress_step: 'Schritt {{current}} von {{total}}',
  progress_service: 'Leistung',
  progress_team_member: 'Teammitglied',
  progress_time: 'Zeit',
  progress_details: 'Ihre Angaben',
  progress_done: 'Fertig',

  // Wizard: service and team member steps
  wizard_loading: 'Die Buchungsseite wird geladen…',
  wizard_failed: 'Die Buchungsseite konnte nicht geladen werden',
  services_empty_title: 'Noch nichts online buchbar',
  services_empty_text: 'Bitte wenden Sie sich direkt an das Unternehmen.',
  any_available: 'Beliebiges Teammitglied',
  any_available_hint: 'Die meisten Zeiten zur Auswahl',
  start_lead: 'Buchen Sie bei {{business}}.',
  start_lead_choice: 'Beginnen Sie mit einer Leistung oder einer Person.',
  choose_service: 'Leistung wählen',
  choose_team_member_instead: 'Oder wählen Sie, zu wem Sie möchten',
  team_member_question: '{{service}} — zu wem möchten Sie?',
  service_question: 'Was möchten Sie bei {{member}} buchen?',
  back_services: 'Leistungen',
  back_start_again: 'Neu beginnen',
  back: 'Zurück',
  back_other_times: 'Andere Zeiten',

  // Wizard: summary panel
  summary_label: 'Ihre Buchung',
  summary_with_member: 'mit {{name}}',
  summary_with_anyone: 'mit einem beliebigen verfügbaren Teammitglied',
  cancel_anytime: 'Kostenlose Stornierung bis zum Beginn.',
  cancel_before: 'Kostenlose Stornierung bis {{notice}} vor Beginn.',

  // Wizard: time step
  calendar_loading: 'Der Kalender wird geladen…',
  choose_time: 'Zeit wählen',
  previous_month: 'Vorheriger Monat',
  next_month: 'Nächster Monat',
  next_available: 'Nächster freier Termin',
  times_loading: 'Freie Zeiten werden geladen…',
  times_failed: 'Die freien Zeiten konnten nicht geladen werden',
  month_empty_title: 'Keine freien Zeiten in diesem Monat',
  month_empty_end: 'Weiter im Voraus kann nicht gebucht werden.',
  choose_day: 'Wählen Sie einen Tag, um seine Zeiten zu sehen.',
  times_on: 'Freie Zeiten am {{day}}',
  day_no_times: 'keine freien Zeiten',
  clock_24: '24-Stunden-Format',
  seats_left_one: 'Noch {{count}} Platz frei',
  seats_left_other: 'Noch {{count}} Plätze frei',
  period_morning: 'Vormittag',
  period_afternoon: 'Nachmittag',
  period_evening: 'Abend',
  time_zone: 'Zeitzone',
  time_zone_search: 'Stadt oder UTC-Versatz suchen',
  time_zone_none: 'Keine passende Zeitzone',
  time_zone_business: 'Das Unternehmen befindet sich in {{zone}}.',

  // Wizard: details step and sending the booking
  book_now: 'Jetzt buchen',
  error_name_too_long: 'Bitte verwenden Sie für Ihren Namen weniger als 120 Zeichen.',
  error_email_format: 'Bitte geben Sie eine E-Mail-Adresse wie name@example.com ein.',
  error_phone_invalid: 'Bitte verwenden Sie nur Ziffern, Leerzeichen und + ( ) . / -.',
  error_notes_too_long: 'Bitte verwenden Sie für Hinweise weniger als 2000 Zeichen.',
  submit_offline_title: 'Sie scheinen offline zu sein',
  submit_offline:
    'Der Buchungsdienst ist nicht erreichbar — prüfen Sie Ihre Verbindung. Ihre Angaben bleiben erhalten; ein erneuter Versuch bucht nicht doppelt.',
  submit_failed_title: 'Noch nicht gebucht',
  submit_rate_limited_one:
    'Zu viele Buchungsversuche. Bitte warten Sie {{count}} Sekunde und versuchen Sie es erneut.',
  submit_rate_limited_other:
    'Zu viele Buchungsversuche. Bitte warten Sie {{count}} Sekunden und versuchen Sie es erneut.',
  submit_rate_limited_moment:
    'Zu viele Buchungsversuche. Bitte warten Sie einen Moment und versuchen Sie es erneut.',

  // Wizard: why the visitor was sent back, and failures
  notice_slot_taken:
    'Leider hat gerade jemand diese Zeit gebucht. Hier sind die Zeiten, die noch frei sind.',
  notice_unknown_link:
    'Dieser Link passt nicht mehr zu dem, was hier buchbar ist. Bitte wählen Sie erneut.',
  refusal_not_on_grid:
    'Diese Zeit gehört nicht zu den angebotenen Startzeiten. Hier sind die freien Zeiten.',
  refusal_outside_hours:
    'Diese Zeit liegt außerhalb der Arbeitszeiten. Hier sind die freien Zeiten.',
  refusal_time_off: 'Zu dieser Zeit ist niemand verfügbar. Hier sind die freien Zeiten.',
  refusal_too_soon:
    'Diese Zeit ist zu kurzfristig für eine Online-Buchung. Hier sind die Zeiten, die noch frei sind.',
  refusal_too_far_ahead:
    'Diese Zeit liegt zu weit in der Zukunft, um sie schon online zu buchen. Hier sind die freien Zeiten.',
  error_catalogue: 'Die Buchungsseite konnte nicht geladen werden.',
  error_rate_limited: 'Zu viele Buchungen auf einmal.',
  error_not_booked: 'Die Buchung ist nicht durchgegangen.',
  error_no_token:
    'Dieser Bestätigungslink ist unvollständig. Öffnen Sie den Link aus Ihrer Bestätigungs-E-Mail.',
  error_appointment_not_found: 'Dieser Termin wurde nicht gefunden.',
  error_times: 'Die freien Zeiten konnten nicht geladen werden.',

  // Team member profile
  profile_loading: 'Profil wird geladen…',
  profile_failed: 'Diese Seite konnte nicht angezeigt werden',
  profile_failed_text: 'Bitte versuchen Sie es später erneut.',
  profile_book_with: 'Bei {{name}} buchen',
  profile_services: 'Leistungen',
  profile_no_services: 'Bei {{name}} ist noch nichts online buchbar.',
  profile_next_times: 'Nächste freie Zeiten für {{service}}',
  profile_no_times: 'Keine freien Zeiten in den nächsten zwei Wochen.',

  // Not-found card
  not_found_profile: 'Dieses Profil wurde nicht gefunden',
  not_found_service: 'Diese Leistung wurde nicht gefunden',
  not_found_appointment: 'Dieser Termin wurde nicht gefunden',
  not_found_text:
    'Der Link ist vielleicht falsch geschrieben, oder das Angebot gibt es hier nicht mehr.',
  see_everything: 'Alle buchbaren Angebote ansehen',
  not_found_no_page:
    'Unter {{path}} gibt es keine Seite. Der Link ist vielleicht veraltet oder falsch geschrieben.',
  start_a_booking: 'Eine Buchung beginnen',

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
