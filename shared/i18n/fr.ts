import type { Catalogue } from './en.ts'

/** French, addressing the visitor as "vous"; a narrow no-break space before ?, !, : and ;. */
export const fr: Catalogue = {
  language_label: 'Langue',
  skip_to_content: 'Aller au contenu',
  loading: 'Chargement…',
  try_again: 'Réessayer',
  book_an_appointment: 'Prendre rendez-vous',
  my_appointments: 'Mes rendez-vous',

  field_name: 'Nom',
  field_email: 'E-mail',
  field_phone: 'Téléphone (facultatif)',
  field_notes: 'Remarques pour nous (facultatif)',
  booking_busy: 'Réservation…',
  error_name_required: 'Veuillez indiquer votre nom.',
  error_email_required: 'Veuillez indiquer votre adresse e-mail.',
  error_email_invalid: 'Veuillez indiquer une adresse e-mail valide.',

  // Booking questions
  question_required: 'obligatoire',
  answer_required: 'Veuillez répondre à cette question.',
  answer_must_tick: 'Veuillez cocher cette case pour continuer.',
  answer_too_long: 'Veuillez utiliser au plus {{max}} caractères.',
  answer_invalid: 'Veuillez vérifier cette réponse.',

  summary_service: 'Prestation',
  summary_when: 'Quand',
  summary_with: 'Avec',
  summary_where: 'Où',
  summary_price: 'Prix',
  summary_at_business: '{{time}} chez le professionnel',
  duration_minutes_one: '{{count}} min',
  duration_minutes_other: '{{count}} min',

  confirmation_loading: 'Chargement de votre rendez-vous…',
  confirmation_failed: 'Nous n’avons pas pu afficher ce rendez-vous',
  confirmation_cancelled: 'Ce rendez-vous a été annulé.',
  confirmation_lead:
    'Votre rendez-vous est réservé, {{name}}. Nous avons envoyé les détails à {{email}}.',
  confirmation_lead_no_email: 'Votre rendez-vous est réservé, {{name}}.',
  confirmation_download_ics: 'Télécharger le fichier de calendrier (.ics)',
  confirmation_google: 'Ajouter à Google Agenda',
  confirmation_manage: 'Déplacer ou annuler',
  confirmation_keep_link:
    'Conservez l’adresse de cette page ou l’e-mail\u202f: le lien pour modifier votre rendez-vous vous est personnel.',
  confirmation_all_bookings: 'Toutes vos réservations ici, au même endroit\u202f:',
  confirmation_sign_in_hint:
    '(nous vous envoyons un lien de connexion par e-mail, sans mot de passe).',
  calendar_title: '{{service}} chez {{business}}',
  calendar_details: 'Avec {{member}}. Voir, déplacer ou annuler\u202f: {{url}}',

  email_greeting: 'Bonjour {{name}},',
  email_opening_confirmation: 'Votre rendez-vous chez {{business}} est réservé.',
  email_opening_reschedule:
    'Votre rendez-vous chez {{business}} a été modifié. Les nouveaux détails\u202f:',
  email_opening_cancellation: 'Votre rendez-vous chez {{business}} est annulé.',
  email_opening_reminder: 'Un rappel de votre prochain rendez-vous chez {{business}}.',
  email_what: '{{service}} avec {{member}}',
  email_subject_confirmation: 'Réservé\u202f: {{what}} — {{date}}',
  email_subject_reschedule: 'Modifié\u202f: {{what}} — {{date}}',
  email_subject_cancellation: 'Annulé\u202f: {{what}} — {{date}}',
  email_subject_reminder: 'Rappel\u202f: {{what}} — {{date}}',
  email_reason: 'Motif\u202f: {{reason}}',
  email_book_again: 'Pour reprendre rendez-vous\u202f: {{url}}',
  email_manage: 'Pour déplacer ou annuler\u202f: {{url}}',
  ics_summary: '{{service}} chez {{business}}',
  ics_description: '{{service}} avec {{member}} chez {{business}}.',
  ics_manage: 'Déplacer ou annuler\u202f: {{url}}',
}
