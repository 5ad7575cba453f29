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

  // Manage page, my appointments, profile (i12-a)
  refusal_not_on_slot_grid:
    'Cet horaire ne fait pas partie des heures de début proposées. Voici les horaires libres.',
  refusal_outside_working_hours:
    'Cet horaire est en dehors des heures d’ouverture. Voici les horaires libres.',
  refusal_time_off: 'Personne n’est disponible à cet horaire. Voici les horaires libres.',
  refusal_too_soon:
    'Cet horaire est trop proche pour réserver en ligne. Voici les horaires encore libres.',
  refusal_too_far_ahead:
    'Cet horaire est trop éloigné pour réserver en ligne pour l’instant. Voici les horaires libres.',
  status_confirmed: 'Confirmé',
  status_cancelled: 'Annulé',
  status_completed: 'Terminé',
  status_no_show: 'Absent',
  manage_load_failed: 'Ce rendez-vous n’a pas pu être affiché. Veuillez réessayer.',
  manage_not_found: 'Aucun rendez-vous ne correspond à ce lien.',
  manage_link_incomplete:
    'Ce lien est incomplet. Ouvrez le lien de votre e-mail ou de votre page de confirmation.',
  manage_offline:
    'Le service de réservation est injoignable. Vérifiez votre connexion et réessayez.',
  manage_rate_limited: 'Trop de tentatives. Veuillez patienter un instant, puis réessayer.',
  manage_reason_given: 'Motif indiqué\u202f: {{reason}}',
  manage_reschedule_until: 'Vous pouvez déplacer ce rendez-vous jusqu’au {{time}}.',
  manage_reschedule_closed:
    'Il est trop tard pour déplacer ce rendez-vous en ligne\u202f: veuillez appeler l’établissement.',
  manage_cancel_until: 'Vous pouvez annuler jusqu’au {{time}}.',
  manage_cancel_closed:
    'Il est trop tard pour annuler en ligne\u202f: veuillez appeler l’établissement.',
  manage_reschedule: 'Déplacer',
  manage_cancel: 'Annuler le rendez-vous',
  manage_calendar_file: 'Fichier de calendrier (.ics)',
  manage_book_again: 'Réserver à nouveau',
  manage_choose_new_time: 'Choisissez un nouvel horaire',
  manage_moving: 'Déplacement de votre rendez-vous au {{time}}…',
  manage_moved:
    'Votre rendez-vous a été déplacé. Nous vous avons envoyé le nouvel horaire par e-mail.',
  manage_slot_taken: 'Cet horaire n’est plus libre. Veuillez en choisir un autre.',
  manage_not_moved_title: 'Pas encore déplacé',
  manage_not_moved: 'Le rendez-vous n’a pas été déplacé. Veuillez réessayer.',
  manage_keep_time: 'Garder l’horaire actuel',
  manage_cancel_title: 'Annuler ce rendez-vous',
  manage_reason: 'Motif',
  manage_reason_required: 'Indiquez-nous brièvement pourquoi vous annulez.',
  manage_cancelling: 'Annulation…',
  manage_keep_it: 'Le garder',
  manage_cancelled: 'Votre rendez-vous a été annulé.',
  manage_not_cancelled_title: 'Pas annulé',
  manage_not_cancelled: 'Le rendez-vous n’a pas été annulé. Veuillez réessayer.',
  account_loading: 'Chargement de vos rendez-vous…',
  account_unavailable: 'La connexion n’est pas disponible pour le moment',
  account_sign_in_title: 'Connectez-vous pour voir vos rendez-vous',
  account_sign_in_intro:
    'Pas besoin de mot de passe\u202f: nous vous envoyons par e-mail un lien qui vous connecte. Utilisez l’adresse avec laquelle vous avez réservé.',
  account_send_link: 'M’envoyer un lien de connexion',
  account_sending: 'Envoi…',
  account_just_book: 'Vous voulez simplement réserver\u202f?',
  account_check_inbox: 'Consultez votre boîte de réception',
  account_link_sent:
    'Nous avons envoyé un lien de connexion à {{email}}. Ouvrez-le pour voir vos rendez-vous\u202f; il ne fonctionne qu’une fois.',
  account_spam:
    'Rien reçu au bout de quelques minutes\u202f? Vérifiez votre dossier de courrier indésirable.',
  account_use_another: 'Utiliser une autre adresse',
  account_confirm_title: 'Confirmez votre e-mail',
  account_confirm_intro:
    'Ce lien a été ouvert sur un autre appareil ou navigateur. Saisissez l’adresse à laquelle il a été envoyé pour terminer la connexion.',
  account_sign_in: 'Se connecter',
  account_signing_in: 'Connexion…',
  account_link_failed: 'Nous n’avons pas pu vous connecter',
  account_send_new_link: 'Envoyer un nouveau lien',
  account_signed_in_as: 'Connecté en tant que {{email}}',
  account_your_details: 'Vos coordonnées',
  account_sign_out: 'Se déconnecter',
  account_signing_out: 'Déconnexion…',
  account_load_failed: 'Nous n’avons pas pu charger vos rendez-vous',
  account_upcoming: 'À venir',
  account_no_upcoming: 'Vous n’avez aucun rendez-vous à venir.',
  account_past: 'Passés',
  account_no_past: 'Vos rendez-vous passés et annulés apparaîtront ici.',
  account_book_another: 'Réserver un autre rendez-vous',
  account_with: 'avec {{member}}',
  profile_loading: 'Chargement de vos coordonnées…',
  profile_load_failed: 'Nous n’avons pas pu charger vos coordonnées',
  profile_intro:
    'Connecté en tant que {{email}}. L’établissement utilise ces coordonnées pour vous joindre au sujet de vos rendez-vous, et votre prochaine réservation en sera pré-remplie.',
  profile_saving: 'Enregistrement…',
  profile_save: 'Enregistrer mes coordonnées',
  profile_not_now: 'Pas maintenant',
}
