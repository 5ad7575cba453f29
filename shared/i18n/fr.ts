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
  contact_label: 'Contacter {{business}}',
  contact_call: 'Veuillez appeler {{business}} au {{phone}}.',
  contact_write: 'Veuillez écrire à {{business}} à {{email}}.',
  contact_none: 'Veuillez contacter {{business}}.',
  contact_phone: 'Téléphone',
  contact_email: 'E-mail',
  contact_map: '{{address}} (carte)',
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
  // Paiement à la réservation : vers la page de paiement de Stripe et retour
  title_payment: 'Votre paiement',
  continue_to_payment: 'Continuer vers le paiement',
  paying_redirect: 'Redirection vers la page de paiement sécurisée…',
  paying_new_tab:
    'Terminez le paiement dans le nouvel onglet. Votre créneau reste réservé pendant le paiement ; cette page se mettra à jour ensuite.',
  open_payment_page: 'Ouvrir la page de paiement',
  paying_checking: 'Vérification de votre paiement…',
  paying_confirming: 'Confirmation de votre paiement…',
  paying_failed_title: 'Paiement non effectué',
  paying_failed: 'Votre paiement n’a pas abouti : la réservation n’est pas encore confirmée.',
  paying_unconfirmed:
    'Nous n’avons pas encore reçu votre paiement. Si vous avez payé, vous recevrez un e-mail dès son arrivée ; sinon, vous pouvez payer à nouveau.',
  paying_time_left: 'Le créneau vous est réservé encore {{time}}.',
  pay_again: 'Payer maintenant',
  paying_expired_title: 'Le créneau ne vous est plus réservé',
  paying_expired:
    'Le délai de réservation a expiré avant le paiement : rien n’a été débité et le créneau est de nouveau libre. Veuillez choisir un horaire.',
  choose_another_time: 'Choisir un autre horaire',
  paying_refunded_title: 'Non réservé : votre paiement a été remboursé',
  paying_refunded:
    'Votre paiement est arrivé après l’expiration du délai de réservation et quelqu’un d’autre a réservé ce créneau entre-temps. Les {{amount}} payés ont été intégralement remboursés.',
  paying_sync_failed: 'Nous n’avons pas pu vérifier votre paiement',
  error_payment_sync: 'Votre paiement n’a pas pu être vérifié pour le moment. Veuillez réessayer.',
  confirmation_paid_prepayment: 'Payé : {{amount}}.',
  confirmation_paid_deposit: 'Acompte payé : {{amount}}.',
  confirmation_card_kept:
    'Votre carte est conservée pour des frais en cas d’absence ; rien n’a été débité.',
  confirmation_refund_rule:
    'Annulez avant le {{deadline}} pour un remboursement intégral ; ensuite, {{kept}} sont conservés.',
  calendar_title: '{{service}} chez {{business}}',
  calendar_details: 'Avec {{member}}. Voir, déplacer ou annuler\u202f: {{url}}',

  // Page titles of the booking routes
  title_choose_team_member: 'Choisir un membre de l’équipe',
  title_choose_service: 'Choisir une prestation',
  title_choose_time: 'Choisir un horaire',
  title_your_details: 'Vos coordonnées',
  title_create_profile: 'Créer votre profil',
  title_confirmation: 'Confirmation de réservation',
  title_your_appointment: 'Votre rendez-vous',
  title_team_member: 'Membre de l’équipe',
  title_page_not_found: 'Page introuvable',

  // Booking layout and embed layout
  theme_to_dark: 'Passer en mode sombre',
  theme_to_light: 'Passer en mode clair',
  powered_by: 'Propulsé par {{product}}',
  privacy_link: 'Politique de confidentialité',
  title_privacy: 'Politique de confidentialité',
  privacy_details_note: 'Nous utilisons vos données comme l’indique notre {{link}}.',
  privacy_load_failed: 'Impossible de charger la politique de confidentialité',
  embed_label: 'Réservation',

  // Progress indicator
  progress_label: 'Progression de la réservation',
  progress_step: 'Étape {{current}} sur {{total}}',
  progress_service: 'Prestation',
  progress_team_member: 'Membre de l’équipe',
  progress_time: 'Horaire',
  progress_details: 'Vos coordonnées',
  progress_done: 'Terminé',

  // Wizard: service and team member steps
  wizard_loading: 'Chargement de la page de réservation…',
  wizard_failed: 'La page de réservation ne s’est pas chargée',
  services_empty_title: 'Rien à réserver en ligne pour l’instant',
  services_empty_text: 'Pour réserver, veuillez contacter directement l’établissement.',
  services_other: 'Autres prestations',
  pay_at_booking_full: 'Payé à la réservation',
  pay_at_booking_deposit: 'Acompte de {{amount}} à la réservation',
  pay_at_booking_card: 'Carte requise pour réserver',
  any_available: 'N’importe qui de disponible',
  any_available_hint: 'Le plus d’horaires au choix',
  start_lead: 'Réservez chez {{business}}.',
  start_lead_choice: 'Commencez par une prestation ou par une personne.',
  choose_service: 'Choisir une prestation',
  choose_team_member_instead: 'Ou choisissez avec qui vous souhaitez prendre rendez-vous',
  team_member_question: '{{service}} — avec qui souhaitez-vous prendre rendez-vous\u202f?',
  service_question: 'Que souhaitez-vous réserver avec {{member}}\u202f?',
  back_services: 'Prestations',
  back_start_again: 'Recommencer',
  back: 'Retour',
  back_other_times: 'Autres horaires',

  // Wizard: summary panel
  summary_label: 'Votre réservation',
  summary_with_member: 'avec {{name}}',
  summary_with_anyone: 'avec un membre disponible de l’équipe',
  cancel_anytime: 'Annulation gratuite jusqu’au début.',
  cancel_before: 'Annulation gratuite jusqu’à {{notice}} avant le début.',
  pay_now_full: 'Payé à la réservation : {{amount}}.',
  pay_now_deposit: 'Acompte à la réservation : {{amount}}.',
  pay_card_on_file:
    'Rien à payer maintenant ; votre carte est conservée pour des frais de {{fee}} si vous ne venez pas.',
  pay_refund_before:
    'Remboursé intégralement si vous annulez jusqu’à {{notice}} avant le début ; ensuite, {{amount}} sont conservés.',
  pay_refund_anytime: 'Remboursé intégralement si vous annulez avant le début.',

  // Wizard: time step
  calendar_loading: 'Chargement du calendrier…',
  choose_time: 'Choisir un horaire',
  previous_month: 'Mois précédent',
  next_month: 'Mois suivant',
  next_available: 'Prochaine disponibilité',
  times_loading: 'Chargement des horaires libres…',
  times_failed: 'Les horaires libres ne se sont pas chargés',
  month_empty_title: 'Aucun horaire libre ce mois-ci',
  month_empty_end: 'Il n’est pas possible de réserver plus loin à l’avance.',
  choose_day: 'Choisissez un jour pour voir ses horaires.',
  times_on: 'Horaires libres le {{day}}',
  day_no_times: 'aucun horaire libre',
  clock_24: 'Format 24 heures',
  seats_left_one: '{{count}} place restante',
  seats_left_other: '{{count}} places restantes',
  period_morning: 'Matin',
  period_afternoon: 'Après-midi',
  period_evening: 'Soir',
  time_zone: 'Fuseau horaire',
  time_zone_search: 'Rechercher une ville ou un décalage UTC',
  time_zone_none: 'Aucun fuseau horaire ne correspond',
  time_zone_business: 'L’établissement est à {{zone}}.',

  // Wizard: details step and sending the booking
  book_now: 'Réserver',
  error_name_too_long: 'Veuillez utiliser moins de 120 caractères pour votre nom.',
  error_email_format: 'Veuillez saisir une adresse e-mail comme nom@example.com.',
  error_phone_invalid: 'Veuillez n’utiliser que des chiffres, des espaces et + ( ) . / -.',
  error_notes_too_long: 'Veuillez utiliser moins de 2000 caractères pour les remarques.',
  submit_offline_title: 'Vous semblez hors ligne',
  submit_offline:
    'Le service de réservation est injoignable — vérifiez votre connexion. Vos informations sont conservées\u202f; réessayer ne réservera pas deux fois.',
  submit_failed_title: 'Pas encore réservé',
  submit_rate_limited_one:
    'Trop de tentatives de réservation. Veuillez patienter {{count}} seconde et réessayer.',
  submit_rate_limited_other:
    'Trop de tentatives de réservation. Veuillez patienter {{count}} secondes et réessayer.',
  submit_rate_limited_moment:
    'Trop de tentatives de réservation. Veuillez patienter un instant et réessayer.',

  // Wizard: why the visitor was sent back, and failures
  notice_slot_taken:
    'Désolé, quelqu’un vient de réserver cet horaire. Voici les horaires encore libres.',
  refusal_not_on_grid:
    'Cet horaire ne fait pas partie des heures de début proposées. Voici les horaires libres.',
  refusal_outside_hours:
    'Cet horaire est en dehors des heures d’ouverture. Voici les horaires libres.',
  refusal_time_off: 'Personne n’est disponible à cet horaire. Voici les horaires libres.',
  refusal_too_soon:
    'Cet horaire est trop proche pour être réservé en ligne. Voici les horaires encore libres.',
  refusal_too_far_ahead:
    'Cet horaire est trop lointain pour être déjà réservé en ligne. Voici les horaires libres.',
  error_catalogue: 'La page de réservation n’a pas pu se charger.',
  error_rate_limited: 'Trop de réservations en même temps.',
  error_not_booked: 'La réservation n’a pas abouti.',
  error_no_token:
    'Ce lien de confirmation est incomplet. Ouvrez le lien de votre e-mail de confirmation.',
  error_appointment_not_found: 'Ce rendez-vous est introuvable.',
  error_times: 'Les horaires libres n’ont pas pu être chargés.',

  // Team member profile
  profile_loading: 'Chargement du profil…',
  profile_failed: 'Cette page n’a pas pu être affichée',
  profile_failed_text: 'Veuillez réessayer plus tard.',
  profile_book_with: 'Réserver avec {{name}}',
  profile_services: 'Prestations',
  profile_no_services: 'Rien à réserver en ligne avec {{name}} pour l’instant.',
  profile_next_times: 'Prochains horaires libres pour {{service}}',
  profile_no_times: 'Aucun horaire libre dans les deux prochaines semaines.',

  // Not-found card
  not_found_profile: 'Nous n’avons pas trouvé ce profil',
  not_found_service: 'Nous n’avons pas trouvé cette prestation',
  not_found_team_member: 'Nous n’avons pas trouvé ce membre de l’équipe',
  not_found_appointment: 'Nous n’avons pas trouvé ce rendez-vous',
  not_found_text: 'Le lien est peut-être mal saisi, ou ce qu’il désignait n’est plus proposé ici.',
  see_everything: 'Voir tout ce qui peut être réservé',
  not_found_no_page:
    'Il n’y a pas de page à l’adresse {{path}}. Le lien est peut-être périmé ou mal saisi.',
  start_a_booking: 'Commencer une réservation',

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
  email_paid_prepayment: 'Payé : {{amount}}.',
  email_paid_deposit: 'Acompte payé : {{amount}}.',
  email_card_on_file:
    'Votre carte est enregistrée : si vous manquez le rendez-vous sans l’annuler, des frais d’absence de {{fee}} sont prélevés.',
  email_refund_rule:
    'Annulez avant le {{deadline}} et le paiement est remboursé en totalité ; après, {{kept}} sont conservés.',
  email_opening_late_payment:
    'Votre paiement à {{business}} est arrivé après la fin du délai de réservation, et quelqu’un d’autre a réservé ce créneau entre-temps : le rendez-vous n’a donc pas pu être pris.',
  email_late_payment_refunded: 'Votre paiement de {{amount}} a été remboursé en totalité.',
  email_subject_late_payment: 'Non réservé : {{what}} — {{date}}',
  email_subject_no_show_fee: 'Frais de non-présentation débités : {{what}} — {{date}}',
  email_opening_no_show_fee:
    'Vous ne vous êtes pas présenté à votre rendez-vous chez {{business}} et ne l’avez pas annulé : les frais de non-présentation ont donc été débités sur la carte enregistrée lors de la réservation.',
  email_no_show_fee_charged: 'Montant débité : {{amount}}.',
  email_no_show_fee_contact: 'Si vous pensez qu’il s’agit d’une erreur, contactez {{business}}.',
  ics_summary: '{{service}} chez {{business}}',
  ics_description: '{{service}} avec {{member}} chez {{business}}.',
  ics_manage: 'Déplacer ou annuler\u202f: {{url}}',
  // Refunds: on cancellation and by staff
  email_cancel_refunded:
    'Les {{amount}} que vous avez payés sont remboursés sur votre carte\u202f; cela peut prendre quelques jours.',
  email_cancel_kept:
    'Le rendez-vous ayant été annulé après le délai d’annulation, les {{amount}} payés sont conservés.',
  email_opening_refund:
    '{{business}} vous a remboursé {{amount}} de votre paiement pour ce rendez-vous\u202f:',
  email_refund_note: 'Le remboursement peut prendre quelques jours à apparaître sur votre carte.',
  email_subject_refund: 'Remboursement\u202f: {{what}} — {{date}}',

  // Manage page, my appointments, profile (i12-a)
  status_confirmed: 'Confirmé',
  status_cancelled: 'Annulé',
  status_completed: 'Terminé',
  status_no_show: 'Absent',
  status_pending_payment: 'Paiement en attente',
  status_payment_expired: 'Délai de paiement dépassé',
  manage_load_failed: 'Ce rendez-vous n’a pas pu être affiché. Veuillez réessayer.',
  manage_not_found: 'Aucun rendez-vous ne correspond à ce lien.',
  manage_link_incomplete:
    'Ce lien est incomplet. Ouvrez le lien de votre e-mail ou de votre page de confirmation.',
  call_offline: 'Le service de réservation est injoignable. Vérifiez votre connexion et réessayez.',
  call_rate_limited: 'Trop de tentatives. Veuillez patienter un instant, puis réessayer.',
  manage_reason_given: 'Motif indiqué\u202f: {{reason}}',
  manage_reschedule_until: 'Vous pouvez déplacer ce rendez-vous jusqu’au {{time}}.',
  manage_reschedule_closed: 'Il est trop tard pour déplacer ce rendez-vous en ligne.',
  manage_cancel_until: 'Vous pouvez annuler jusqu’au {{time}}.',
  manage_cancel_closed: 'Il est trop tard pour annuler en ligne.',
  manage_reschedule: 'Déplacer',
  manage_cancel: 'Annuler le rendez-vous',
  manage_calendar_file: 'Fichier de calendrier (.ics)',
  manage_book_again: 'Réserver à nouveau',
  manage_choose_new_time: 'Choisissez un nouvel horaire',
  manage_moving: 'Déplacement de votre rendez-vous au {{time}}…',
  manage_moved:
    'Votre rendez-vous est désormais le {{time}}. Nous vous avons envoyé le nouvel horaire par e-mail.',
  manage_slot_taken: 'Cet horaire n’est plus libre. Veuillez en choisir un autre.',
  manage_not_moved_title: 'Pas encore déplacé',
  manage_not_moved: 'Le rendez-vous n’a pas été déplacé. Veuillez réessayer.',
  manage_keep_time: 'Garder l’horaire actuel',
  manage_confirm_title: 'Déplacer votre rendez-vous\u202f?',
  manage_confirm_from: 'Actuellement',
  manage_confirm_to: 'Nouvel horaire',
  manage_confirm_move: 'Le déplacer',
  manage_confirm_other: 'Choisir un autre horaire',
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
  account_email_invalid: 'Veuillez saisir une adresse e-mail comme nom@exemple.fr.',
  account_start_failed: 'La connexion n’a pas pu démarrer. Vérifiez votre connexion internet.',
  account_link_not_sent: 'Le lien n’a pas pu être envoyé. Veuillez réessayer.',
  account_link_did_not_work: 'Ce lien de connexion n’a pas fonctionné.',
  account_link_expired:
    'Ce lien de connexion a expiré ou a déjà été utilisé. Demandez-en un nouveau.',
  account_link_other_address:
    'Ce n’est pas l’adresse à laquelle le lien a été envoyé. Demandez un nouveau lien.',
  account_sign_in_offline:
    'Le service de connexion est injoignable. Vérifiez votre connexion et réessayez.',
  account_too_many_links:
    'Trop de liens de connexion ont été demandés. Veuillez patienter quelques minutes, puis réessayer.',
  account_sign_in_failed: 'La connexion n’a pas fonctionné. Veuillez réessayer.',
  account_signed_out:
    'Vous êtes déconnecté. Reconnectez-vous avec un lien pour voir vos rendez-vous.',
  account_appointments_failed: 'Vos rendez-vous n’ont pas pu être chargés.',
  account_sign_out_failed: 'La déconnexion n’a pas fonctionné.',
  details_not_loaded: 'Vos coordonnées n’ont pas pu être chargées.',
  details_not_saved: 'Vos coordonnées n’ont pas pu être enregistrées.',
  details_name_too_long: 'Votre nom doit faire moins de 120 caractères.',
  details_phone_invalid: 'Utilisez de 3 à 40 chiffres, des espaces et uniquement + ( ) . / -.',
  details_check_highlighted: 'Veuillez vérifier les champs signalés.',
  details_check_field: 'Veuillez vérifier ce champ.',
  details_loading: 'Chargement de vos coordonnées…',
  details_load_failed: 'Nous n’avons pas pu charger vos coordonnées',
  details_intro:
    'Connecté en tant que {{email}}. L’établissement utilise ces coordonnées pour vous joindre au sujet de vos rendez-vous, et votre prochaine réservation en sera pré-remplie.',
  details_saving: 'Enregistrement…',
  details_save: 'Enregistrer mes coordonnées',
  details_not_now: 'Pas maintenant',
}
