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
  contact_label: 'So erreichen Sie {{business}}',
  contact_call: 'Bitte rufen Sie {{business}} unter {{phone}} an.',
  contact_write: 'Bitte schreiben Sie {{business}} an {{email}}.',
  contact_none: 'Bitte wenden Sie sich an {{business}}.',
  contact_phone: 'Telefon',
  contact_email: 'E-Mail',
  contact_map: '{{address}} (Karte)',
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
  // Bezahlen bei der Buchung: zur Bezahlseite von Stripe und zurück
  title_payment: 'Ihre Zahlung',
  continue_to_payment: 'Weiter zur Zahlung',
  paying_redirect: 'Sie werden zur sicheren Bezahlseite weitergeleitet…',
  paying_new_tab:
    'Schließen Sie die Zahlung im neuen Tab ab. Ihr Termin bleibt so lange für Sie reserviert; diese Seite aktualisiert sich danach.',
  open_payment_page: 'Bezahlseite öffnen',
  paying_checking: 'Ihre Zahlung wird geprüft…',
  paying_confirming: 'Ihre Zahlung wird bestätigt…',
  paying_failed_title: 'Zahlung nicht abgeschlossen',
  paying_failed:
    'Ihre Zahlung wurde nicht abgeschlossen, daher ist die Buchung noch nicht bestätigt.',
  paying_unconfirmed:
    'Ihre Zahlung ist noch nicht bei uns eingegangen. Wenn Sie bezahlt haben, erhalten Sie eine E-Mail, sobald sie eingeht; sonst können Sie erneut bezahlen.',
  paying_time_left: 'Ihr Termin wird noch {{time}} für Sie freigehalten.',
  pay_again: 'Jetzt bezahlen',
  paying_expired_title: 'Der Termin wird nicht mehr für Sie freigehalten',
  paying_expired:
    'Die Reservierung ist vor der Zahlung abgelaufen: Es wurde nichts berechnet, und die Zeit ist wieder frei. Bitte wählen Sie erneut eine Zeit.',
  choose_another_time: 'Andere Zeit wählen',
  paying_refunded_title: 'Nicht gebucht: Ihre Zahlung wurde erstattet',
  paying_refunded:
    'Ihre Zahlung kam an, nachdem die Reservierung abgelaufen war, und jemand anderes hat diese Zeit inzwischen gebucht. Die gezahlten {{amount}} wurden vollständig erstattet.',
  paying_sync_failed: 'Wir konnten Ihre Zahlung nicht prüfen',
  error_payment_sync:
    'Ihre Zahlung konnte gerade nicht geprüft werden. Bitte versuchen Sie es erneut.',
  confirmation_paid_prepayment: 'Bezahlt: {{amount}}.',
  confirmation_paid_deposit: 'Anzahlung bezahlt: {{amount}}.',
  confirmation_card_kept:
    'Ihre Karte ist für eine Gebühr bei Nichterscheinen hinterlegt; es wurde nichts berechnet.',
  confirmation_refund_rule:
    'Bei Stornierung vor {{deadline}} wird alles erstattet; danach werden {{kept}} einbehalten.',
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
  privacy_link: 'Datenschutzhinweis',
  title_privacy: 'Datenschutzhinweis',
  privacy_details_note: 'Wir verwenden Ihre Angaben, wie unser {{link}} es beschreibt.',
  privacy_load_failed: 'Der Datenschutzhinweis konnte nicht geladen werden',
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
  services_empty_text: 'Bitte wenden Sie sich zum Buchen direkt an das Unternehmen.',
  services_other: 'Weitere Leistungen',
  pay_at_booking_full: 'Bezahlung bei der Buchung',
  pay_at_booking_deposit: 'Anzahlung {{amount}} bei der Buchung',
  pay_at_booking_card: 'Karte zum Buchen nötig',
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
  pay_now_full: 'Zahlung bei der Buchung: {{amount}}.',
  pay_now_deposit: 'Anzahlung bei der Buchung: {{amount}}.',
  pay_card_on_file:
    'Jetzt nichts zu zahlen; Ihre Karte wird für eine Gebühr von {{fee}} hinterlegt, falls Sie nicht erscheinen.',
  pay_refund_before:
    'Volle Rückerstattung bei Stornierung bis {{notice}} vor Beginn; danach werden {{amount}} einbehalten.',
  pay_refund_anytime: 'Volle Rückerstattung bei Stornierung vor Beginn.',

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
  not_found_team_member: 'Dieses Teammitglied wurde nicht gefunden',
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
  email_paid_prepayment: 'Bezahlt: {{amount}}.',
  email_paid_deposit: 'Anzahlung bezahlt: {{amount}}.',
  email_card_on_file:
    'Ihre Karte ist hinterlegt: Wenn Sie den Termin ohne Absage versäumen, wird eine Ausfallgebühr von {{fee}} berechnet.',
  email_refund_rule:
    'Bei einer Absage vor {{deadline}} wird die Zahlung vollständig erstattet; danach werden {{kept}} einbehalten.',
  email_opening_late_payment:
    'Ihre Zahlung an {{business}} ist eingegangen, nachdem die für Sie reservierte Zeit abgelaufen war, und inzwischen hat jemand anderes diese Zeit gebucht. Der Termin konnte daher nicht gebucht werden.',
  email_late_payment_refunded: 'Ihre Zahlung von {{amount}} wurde vollständig erstattet.',
  email_subject_late_payment: 'Nicht gebucht: {{what}} — {{date}}',
  email_subject_no_show_fee: 'Ausfallgebühr berechnet: {{what}} — {{date}}',
  email_opening_no_show_fee:
    'Sie sind nicht zu Ihrem Termin bei {{business}} erschienen und haben ihn nicht abgesagt. Deshalb wurde die Ausfallgebühr der Karte belastet, die Sie bei der Buchung hinterlegt haben.',
  email_no_show_fee_charged: 'Belastet: {{amount}}.',
  email_no_show_fee_contact:
    'Wenn Sie das für einen Irrtum halten, wenden Sie sich bitte an {{business}}.',
  ics_summary: '{{service}} bei {{business}}',
  ics_description: '{{service}} mit {{member}} bei {{business}}.',
  ics_manage: 'Verschieben oder absagen: {{url}}',
  // Refunds: on cancellation and by staff
  email_cancel_refunded:
    'Die gezahlten {{amount}} werden auf Ihre Karte erstattet; das kann einige Tage dauern.',
  email_cancel_kept:
    'Da der Termin nach der Stornierungsfrist abgesagt wurde, werden die gezahlten {{amount}} einbehalten.',
  email_opening_refund: '{{business}} hat {{amount}} Ihrer Zahlung für diesen Termin erstattet:',
  email_refund_note: 'Es kann einige Tage dauern, bis die Erstattung auf Ihrer Karte erscheint.',
  email_subject_refund: 'Erstattung: {{what}} — {{date}}',
  // The receipt of a visit checked out at the till
  email_subject_receipt: 'Quittung: {{what}} — {{date}}',
  email_opening_receipt: 'Vielen Dank für Ihren Besuch bei {{business}}. Ihre Quittung:',
  email_receipt_extra: '{{name}} × {{quantity}}',
  email_receipt_discount: 'Rabatt',
  email_receipt_total: 'Gesamt',
  email_receipt_paid_before: 'Vorab online bezahlt',
  email_receipt_tip: 'Trinkgeld',
  email_receipt_paid_now: 'Jetzt bezahlt ({{method}})',
  email_receipt_method_cash: 'bar',
  email_receipt_method_card_terminal: 'Karte',
  email_receipt_method_other: 'anders',

  // Manage page, my appointments, profile (i12-a)
  status_confirmed: 'Bestätigt',
  status_cancelled: 'Abgesagt',
  status_completed: 'Erledigt',
  status_no_show: 'Nicht erschienen',
  status_pending_payment: 'Zahlung ausstehend',
  status_payment_expired: 'Zahlungsfrist abgelaufen',
  manage_load_failed:
    'Dieser Termin konnte nicht angezeigt werden. Bitte versuchen Sie es noch einmal.',
  manage_not_found: 'Zu diesem Link gibt es hier keinen Termin.',
  manage_link_incomplete:
    'Dieser Link ist unvollständig. Öffnen Sie den Link aus Ihrer Bestätigungs-E-Mail oder -Seite.',
  call_offline:
    'Der Buchungsdienst ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es noch einmal.',
  call_rate_limited:
    'Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es dann noch einmal.',
  manage_reason_given: 'Angegebener Grund: {{reason}}',
  manage_reschedule_until: 'Sie können den Termin bis {{time}} verschieben.',
  manage_reschedule_closed: 'Für eine Online-Verschiebung ist es zu spät.',
  manage_cancel_until: 'Sie können bis {{time}} absagen.',
  manage_cancel_closed: 'Für eine Online-Absage ist es zu spät.',
  manage_reschedule: 'Verschieben',
  manage_cancel: 'Termin absagen',
  manage_calendar_file: 'Kalenderdatei (.ics)',
  manage_book_again: 'Erneut buchen',
  manage_choose_new_time: 'Neue Uhrzeit wählen',
  manage_moving: 'Ihr Termin wird auf {{time}} verschoben…',
  manage_moved:
    'Ihr Termin ist jetzt am {{time}}. Wir haben Ihnen die neue Uhrzeit per E-Mail gesendet.',
  manage_slot_taken: 'Diese Uhrzeit ist nicht mehr frei. Bitte wählen Sie eine andere.',
  manage_not_moved_title: 'Noch nicht verschoben',
  manage_not_moved: 'Der Termin wurde nicht verschoben. Bitte versuchen Sie es noch einmal.',
  manage_keep_time: 'Aktuelle Uhrzeit behalten',
  manage_confirm_title: 'Termin verschieben?',
  manage_confirm_from: 'Jetzt',
  manage_confirm_to: 'Neue Uhrzeit',
  manage_confirm_move: 'Verschieben',
  manage_confirm_other: 'Andere Uhrzeit wählen',
  manage_cancel_title: 'Diesen Termin absagen',
  manage_reason: 'Grund',
  manage_reason_required: 'Bitte sagen Sie uns kurz, warum Sie absagen.',
  manage_cancelling: 'Wird abgesagt…',
  manage_keep_it: 'Behalten',
  manage_cancelled: 'Ihr Termin wurde abgesagt.',
  manage_not_cancelled_title: 'Nicht abgesagt',
  manage_not_cancelled: 'Der Termin wurde nicht abgesagt. Bitte versuchen Sie es noch einmal.',
  account_loading: 'Ihre Termine werden geladen…',
  account_unavailable: 'Die Anmeldung ist gerade nicht verfügbar',
  account_sign_in_title: 'Melden Sie sich an, um Ihre Termine zu sehen',
  account_sign_in_intro:
    'Kein Passwort nötig: Wir senden Ihnen einen Link per E-Mail, der Sie anmeldet. Verwenden Sie die Adresse, mit der Sie gebucht haben.',
  account_send_link: 'Anmeldelink senden',
  account_sending: 'Wird gesendet…',
  account_just_book: 'Sie möchten nur buchen?',
  account_check_inbox: 'Sehen Sie in Ihrem Posteingang nach',
  account_link_sent:
    'Wir haben einen Anmeldelink an {{email}} gesendet. Öffnen Sie ihn, um Ihre Termine zu sehen; er funktioniert nur einmal.',
  account_spam: 'Nach ein paar Minuten ist nichts angekommen? Sehen Sie im Spam-Ordner nach.',
  account_use_another: 'Andere Adresse verwenden',
  account_confirm_title: 'E-Mail-Adresse bestätigen',
  account_confirm_intro:
    'Dieser Link wurde auf einem anderen Gerät oder in einem anderen Browser geöffnet. Geben Sie die Adresse ein, an die er gesendet wurde, um die Anmeldung abzuschließen.',
  account_sign_in: 'Anmelden',
  account_signing_in: 'Anmeldung läuft…',
  account_link_failed: 'Wir konnten Sie nicht anmelden',
  account_send_new_link: 'Neuen Link senden',
  account_signed_in_as: 'Angemeldet als {{email}}',
  account_your_details: 'Ihre Angaben',
  account_sign_out: 'Abmelden',
  account_signing_out: 'Abmeldung läuft…',
  account_load_failed: 'Wir konnten Ihre Termine nicht laden',
  account_upcoming: 'Bevorstehend',
  account_no_upcoming: 'Sie haben keine bevorstehenden Termine.',
  account_past: 'Vergangen',
  account_no_past: 'Vergangene und abgesagte Termine erscheinen hier.',
  account_book_another: 'Weiteren Termin buchen',
  account_with: 'mit {{member}}',
  account_email_invalid: 'Bitte geben Sie eine E-Mail-Adresse wie name@beispiel.de ein.',
  account_start_failed: 'Die Anmeldung konnte nicht starten. Prüfen Sie Ihre Verbindung.',
  account_link_not_sent:
    'Der Link konnte nicht gesendet werden. Bitte versuchen Sie es noch einmal.',
  account_link_did_not_work: 'Dieser Anmeldelink hat nicht funktioniert.',
  account_link_expired:
    'Dieser Anmeldelink ist abgelaufen oder wurde schon verwendet. Fordern Sie einen neuen an.',
  account_link_other_address:
    'Das ist nicht die Adresse, an die der Link gesendet wurde. Fordern Sie einen neuen Link an.',
  account_sign_in_offline:
    'Der Anmeldedienst ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es noch einmal.',
  account_too_many_links:
    'Es wurden zu viele Anmeldelinks angefordert. Bitte warten Sie ein paar Minuten und versuchen Sie es dann noch einmal.',
  account_sign_in_failed:
    'Die Anmeldung hat nicht funktioniert. Bitte versuchen Sie es noch einmal.',
  account_signed_out:
    'Sie sind abgemeldet. Melden Sie sich mit einem Link wieder an, um Ihre Termine zu sehen.',
  account_appointments_failed: 'Ihre Termine konnten nicht geladen werden.',
  account_sign_out_failed: 'Die Abmeldung hat nicht funktioniert.',
  details_not_loaded: 'Ihre Angaben konnten nicht geladen werden.',
  details_not_saved: 'Ihre Angaben konnten nicht gespeichert werden.',
  details_name_too_long: 'Bitte halten Sie Ihren Namen unter 120 Zeichen.',
  details_phone_invalid: 'Bitte verwenden Sie 3 bis 40 Ziffern, Leerzeichen und nur + ( ) . / -.',
  details_check_highlighted: 'Bitte prüfen Sie die markierten Felder.',
  details_check_field: 'Bitte prüfen Sie dieses Feld.',
  details_loading: 'Ihre Angaben werden geladen…',
  details_load_failed: 'Wir konnten Ihre Angaben nicht laden',
  details_intro:
    'Angemeldet als {{email}}. Das Geschäft nutzt diese Angaben, um Sie wegen Ihrer Termine zu erreichen, und Ihre nächste Buchung wird damit ausgefüllt.',
  details_saving: 'Wird gespeichert…',
  details_save: 'Meine Angaben speichern',
  details_not_now: 'Jetzt nicht',
}
