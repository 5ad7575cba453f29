import type { Catalogue } from './en.ts'

/** Spanish, addressing the visitor as "usted": the safer register for a business. */
export const es: Catalogue = {
  language_label: 'Idioma',
  skip_to_content: 'Ir al contenido',
  loading: 'Cargando…',
  try_again: 'Volver a intentarlo',
  book_an_appointment: 'Reservar una cita',
  my_appointments: 'Mis citas',

  field_name: 'Nombre',
  field_email: 'Correo electrónico',
  field_phone: 'Teléfono (opcional)',
  field_notes: 'Notas para nosotros (opcional)',
  booking_busy: 'Reservando…',
  error_name_required: 'Indique su nombre.',
  error_email_required: 'Indique su dirección de correo electrónico.',
  error_email_invalid: 'Indique una dirección de correo electrónico válida.',

  // Booking questions
  question_required: 'obligatorio',
  answer_required: 'Responda a esta pregunta.',
  answer_must_tick: 'Marque esta casilla para continuar.',
  answer_too_long: 'Use como máximo {{max}} caracteres.',
  answer_invalid: 'Revise esta respuesta.',

  summary_service: 'Servicio',
  summary_when: 'Cuándo',
  summary_with: 'Con',
  summary_where: 'Dónde',
  summary_price: 'Precio',
  summary_at_business: '{{time}} en el negocio',
  duration_minutes_one: '{{count}} min',
  duration_minutes_other: '{{count}} min',

  confirmation_loading: 'Cargando su cita…',
  confirmation_failed: 'No hemos podido mostrar esta cita',
  confirmation_cancelled: 'Esta cita se ha cancelado.',
  confirmation_lead: 'Su cita está reservada, {{name}}. Hemos enviado los detalles a {{email}}.',
  confirmation_lead_no_email: 'Su cita está reservada, {{name}}.',
  confirmation_download_ics: 'Descargar archivo de calendario (.ics)',
  confirmation_google: 'Añadir a Google Calendar',
  confirmation_manage: 'Cambiar o cancelar',
  confirmation_keep_link:
    'Guarde la dirección de esta página o el correo: el enlace para cambiar su cita es solo para usted.',
  confirmation_all_bookings: 'Todas sus reservas aquí, en un solo lugar:',
  confirmation_sign_in_hint: '(le enviamos un enlace de acceso por correo, sin contraseña).',
  // Pago al reservar: ida y vuelta a la página de pago de Stripe
  title_payment: 'Tu pago',
  continue_to_payment: 'Continuar al pago',
  paying_redirect: 'Te llevamos a la página de pago segura…',
  paying_new_tab:
    'Completa el pago en la nueva pestaña. Tu hora queda reservada mientras pagas; esta página se actualizará al terminar.',
  open_payment_page: 'Abrir la página de pago',
  paying_checking: 'Comprobando tu pago…',
  paying_confirming: 'Confirmando tu pago…',
  paying_failed_title: 'Pago no completado',
  paying_failed: 'Tu pago no se completó, así que la reserva aún no está confirmada.',
  paying_unconfirmed:
    'Aún no hemos recibido tu pago. Si has pagado, recibirás un correo en cuanto llegue; si no, puedes pagar de nuevo.',
  paying_time_left: 'Te guardamos la hora {{time}} más.',
  pay_again: 'Pagar ahora',
  paying_expired_title: 'La hora ya no está reservada para ti',
  paying_expired:
    'El tiempo reservado terminó antes del pago, así que no se cobró nada y la hora vuelve a estar libre. Elige una hora de nuevo.',
  choose_another_time: 'Elegir otra hora',
  paying_refunded_title: 'No reservado: te devolvimos el pago',
  paying_refunded:
    'Tu pago llegó cuando el tiempo reservado ya había terminado y otra persona reservó esa hora. Te hemos devuelto íntegramente los {{amount}} que pagaste.',
  paying_sync_failed: 'No pudimos comprobar tu pago',
  error_payment_sync: 'No se pudo comprobar tu pago en este momento. Inténtalo de nuevo.',
  confirmation_paid_prepayment: 'Pagado: {{amount}}.',
  confirmation_paid_deposit: 'Depósito pagado: {{amount}}.',
  confirmation_card_kept:
    'Tu tarjeta queda guardada para un cargo por no presentarte; no se cobró nada.',
  confirmation_refund_rule:
    'Si cancelas antes del {{deadline}}, se reembolsa íntegramente; después, se retienen {{kept}}.',
  calendar_title: '{{service}} en {{business}}',
  calendar_details: 'Con {{member}}. Ver, cambiar o cancelar: {{url}}',

  // Page titles of the booking routes
  title_choose_team_member: 'Elija un profesional',
  title_choose_service: 'Elija un servicio',
  title_choose_time: 'Elija una hora',
  title_your_details: 'Sus datos',
  title_create_profile: 'Cree su perfil',
  title_confirmation: 'Confirmación de la reserva',
  title_your_appointment: 'Su cita',
  title_team_member: 'Profesional',
  title_page_not_found: 'Página no encontrada',

  // Booking layout and embed layout
  theme_to_dark: 'Cambiar al modo oscuro',
  theme_to_light: 'Cambiar al modo claro',
  powered_by: 'Con la tecnología de {{product}}',
  embed_label: 'Reserva',

  // Progress indicator
  progress_label: 'Progreso de la reserva',
  progress_step: 'Paso {{current}} de {{total}}',
  progress_service: 'Servicio',
  progress_team_member: 'Profesional',
  progress_time: 'Hora',
  progress_details: 'Sus datos',
  progress_done: 'Listo',

  // Wizard: service and team member steps
  wizard_loading: 'Cargando la página de reservas…',
  wizard_failed: 'La página de reservas no se ha cargado',
  services_empty_title: 'Todavía no hay nada que reservar en línea',
  services_empty_text: 'Póngase en contacto directamente con el negocio.',
  any_available: 'Cualquiera disponible',
  any_available_hint: 'Más horas para elegir',
  start_lead: 'Reserve en {{business}}.',
  start_lead_choice: 'Empiece por un servicio o por una persona.',
  choose_service: 'Elija un servicio',
  choose_team_member_instead: 'O elija con quién quiere su cita',
  team_member_question: '{{service}}: ¿con quién quiere su cita?',
  service_question: '¿Qué quiere reservar con {{member}}?',
  back_services: 'Servicios',
  back_start_again: 'Empezar de nuevo',
  back: 'Atrás',
  back_other_times: 'Otras horas',

  // Wizard: summary panel
  summary_label: 'Su reserva',
  summary_with_member: 'con {{name}}',
  summary_with_anyone: 'con cualquier profesional disponible',
  cancel_anytime: 'Cancelación gratuita hasta el inicio.',
  cancel_before: 'Cancelación gratuita hasta {{notice}} antes del inicio.',
  pay_now_full: 'Se paga al reservar: {{amount}}.',
  pay_now_deposit: 'Depósito al reservar: {{amount}}.',
  pay_card_on_file:
    'Nada que pagar ahora; tu tarjeta se guarda para un cargo de {{fee}} si no acudes.',
  pay_refund_before:
    'Se reembolsa íntegramente si cancelas hasta {{notice}} antes del inicio; después se retienen {{amount}}.',
  pay_refund_anytime: 'Se reembolsa íntegramente si cancelas antes del inicio.',

  // Wizard: time step
  calendar_loading: 'Cargando el calendario…',
  choose_time: 'Elija una hora',
  previous_month: 'Mes anterior',
  next_month: 'Mes siguiente',
  next_available: 'Próxima disponible',
  times_loading: 'Cargando las horas libres…',
  times_failed: 'Las horas libres no se han cargado',
  month_empty_title: 'No hay horas libres este mes',
  month_empty_end: 'No se puede reservar con más antelación.',
  choose_day: 'Elija un día para ver sus horas.',
  times_on: 'Horas libres el {{day}}',
  day_no_times: 'sin horas libres',
  clock_24: 'Formato de 24 horas',
  seats_left_one: 'Queda {{count}} plaza',
  seats_left_other: 'Quedan {{count}} plazas',
  period_morning: 'Mañana',
  period_afternoon: 'Tarde',
  period_evening: 'Noche',
  time_zone: 'Zona horaria',
  time_zone_search: 'Busque una ciudad o un desfase UTC',
  time_zone_none: 'Ninguna zona horaria coincide',
  time_zone_business: 'El negocio está en {{zone}}.',

  // Wizard: details step and sending the booking
  book_now: 'Reservar ahora',
  error_name_too_long: 'Use menos de 120 caracteres para su nombre.',
  error_email_format: 'Indique una dirección de correo como nombre@example.com.',
  error_phone_invalid: 'Use solo dígitos, espacios y + ( ) . / -.',
  error_notes_too_long: 'Use menos de 2000 caracteres para las notas.',
  submit_offline_title: 'Parece que no tiene conexión',
  submit_offline:
    'No hemos podido contactar con el servicio de reservas: compruebe su conexión. Sus datos se conservan; volver a intentarlo no reservará dos veces.',
  submit_failed_title: 'Todavía no está reservado',
  submit_rate_limited_one:
    'Demasiados intentos de reserva. Espere {{count}} segundo y vuelva a intentarlo.',
  submit_rate_limited_other:
    'Demasiados intentos de reserva. Espere {{count}} segundos y vuelva a intentarlo.',
  submit_rate_limited_moment:
    'Demasiados intentos de reserva. Espere un momento y vuelva a intentarlo.',

  // Wizard: why the visitor was sent back, and failures
  notice_slot_taken:
    'Lo sentimos: alguien acaba de reservar esa hora. Estas son las horas que siguen libres.',
  refusal_not_on_grid:
    'Esa hora no es una de las horas de inicio ofrecidas. Estas son las horas libres.',
  refusal_outside_hours: 'Esa hora está fuera del horario de trabajo. Estas son las horas libres.',
  refusal_time_off: 'No hay nadie disponible a esa hora. Estas son las horas libres.',
  refusal_too_soon:
    'Esa hora es demasiado pronto para reservar en línea. Estas son las horas que siguen libres.',
  refusal_too_far_ahead:
    'Esa hora está demasiado lejos para reservar en línea todavía. Estas son las horas libres.',
  error_catalogue: 'La página de reservas no se ha podido cargar.',
  error_rate_limited: 'Demasiadas reservas a la vez.',
  error_not_booked: 'La reserva no se ha completado.',
  error_no_token:
    'Este enlace de confirmación está incompleto. Abra el enlace de su correo de confirmación.',
  error_appointment_not_found: 'No se ha encontrado esta cita.',
  error_times: 'No se han podido cargar las horas libres.',

  // Team member profile
  profile_loading: 'Cargando el perfil…',
  profile_failed: 'No se ha podido mostrar esta página',
  profile_failed_text: 'Vuelva a intentarlo más tarde.',
  profile_book_with: 'Reservar con {{name}}',
  profile_services: 'Servicios',
  profile_no_services: 'Todavía no hay nada que reservar en línea con {{name}}.',
  profile_next_times: 'Próximas horas libres para {{service}}',
  profile_no_times: 'No hay horas libres en las próximas dos semanas.',

  // Not-found card
  not_found_profile: 'No hemos encontrado este perfil',
  not_found_service: 'No hemos encontrado este servicio',
  not_found_team_member: 'No hemos encontrado a este miembro del equipo',
  not_found_appointment: 'No hemos encontrado esta cita',
  not_found_text:
    'Puede que el enlace esté mal escrito o que lo que indicaba ya no se ofrezca aquí.',
  see_everything: 'Ver todo lo que se puede reservar',
  not_found_no_page:
    'No hay ninguna página en {{path}}. Puede que el enlace esté desactualizado o mal escrito.',
  start_a_booking: 'Empezar una reserva',

  email_greeting: 'Hola, {{name}}:',
  email_opening_confirmation: 'Su cita en {{business}} está reservada.',
  email_opening_reschedule: 'Su cita en {{business}} ha cambiado. Los nuevos detalles:',
  email_opening_cancellation: 'Su cita en {{business}} se ha cancelado.',
  email_opening_reminder: 'Le recordamos su próxima cita en {{business}}.',
  email_what: '{{service}} con {{member}}',
  email_subject_confirmation: 'Reservada: {{what}} — {{date}}',
  email_subject_reschedule: 'Cambiada: {{what}} — {{date}}',
  email_subject_cancellation: 'Cancelada: {{what}} — {{date}}',
  email_subject_reminder: 'Recordatorio: {{what}} — {{date}}',
  email_reason: 'Motivo: {{reason}}',
  email_book_again: 'Para volver a reservar: {{url}}',
  email_manage: 'Para cambiar o cancelar: {{url}}',
  email_paid_prepayment: 'Pagado: {{amount}}.',
  email_paid_deposit: 'Depósito pagado: {{amount}}.',
  email_card_on_file:
    'Tu tarjeta queda guardada: si faltas a la cita sin cancelarla, se cobrará una tarifa por ausencia de {{fee}}.',
  email_refund_rule:
    'Si cancelas antes del {{deadline}}, se reembolsa el pago completo; después, se retienen {{kept}}.',
  email_opening_late_payment:
    'Tu pago a {{business}} llegó después de que terminara el tiempo reservado para ti, y otra persona reservó ese horario mientras tanto, así que no se pudo hacer la cita.',
  email_late_payment_refunded: 'Tu pago de {{amount}} se ha reembolsado por completo.',
  email_subject_late_payment: 'No reservado: {{what}} — {{date}}',
  email_subject_no_show_fee: 'Cargo por no presentarse: {{what}} — {{date}}',
  email_opening_no_show_fee:
    'No acudiste a tu cita en {{business}} ni la cancelaste, así que se ha cobrado el cargo por no presentarse en la tarjeta que dejaste al reservar.',
  email_no_show_fee_charged: 'Cobrado: {{amount}}.',
  email_no_show_fee_contact:
    'Si crees que se trata de un error, ponte en contacto con {{business}}.',
  ics_summary: '{{service}} en {{business}}',
  ics_description: '{{service}} con {{member}} en {{business}}.',
  ics_manage: 'Cambiar o cancelar: {{url}}',
  // Refunds: on cancellation and by staff
  email_cancel_refunded:
    'Los {{amount}} que pagaste se están reembolsando a tu tarjeta; puede tardar unos días en aparecer.',
  email_cancel_kept:
    'Como la cita se canceló después del plazo de cancelación, se conservan los {{amount}} que pagaste.',
  email_opening_refund: '{{business}} te ha reembolsado {{amount}} de tu pago por esta cita:',
  email_refund_note: 'Puede tardar unos días en aparecer en tu tarjeta.',
  email_subject_refund: 'Reembolso: {{what}} — {{date}}',

  // Manage page, my appointments, profile (i12-a)
  status_confirmed: 'Confirmada',
  status_cancelled: 'Cancelada',
  status_completed: 'Realizada',
  status_no_show: 'No asistió',
  status_pending_payment: 'Pendiente de pago',
  status_payment_expired: 'Plazo de pago vencido',
  manage_load_failed: 'No se pudo mostrar esta cita. Inténtelo de nuevo.',
  manage_not_found: 'No hay ninguna cita para este enlace.',
  manage_link_incomplete:
    'Este enlace está incompleto. Abra el enlace de su correo o de su página de confirmación.',
  call_offline:
    'No pudimos conectar con el servicio de reservas. Compruebe su conexión e inténtelo de nuevo.',
  call_rate_limited: 'Demasiados intentos. Espere un momento e inténtelo de nuevo.',
  manage_reason_given: 'Motivo indicado: {{reason}}',
  manage_reschedule_until: 'Puede cambiar la cita hasta el {{time}}.',
  manage_reschedule_closed:
    'Ya es demasiado tarde para cambiar la cita en línea; llame al establecimiento.',
  manage_cancel_until: 'Puede cancelar hasta el {{time}}.',
  manage_cancel_closed: 'Ya es demasiado tarde para cancelar en línea; llame al establecimiento.',
  manage_reschedule: 'Cambiar la hora',
  manage_cancel: 'Cancelar la cita',
  manage_calendar_file: 'Archivo de calendario (.ics)',
  manage_book_again: 'Reservar de nuevo',
  manage_choose_new_time: 'Elija una nueva hora',
  manage_moving: 'Cambiando su cita al {{time}}…',
  manage_moved: 'Su cita se ha cambiado. Le hemos enviado la nueva hora por correo.',
  manage_slot_taken: 'Esa hora ya no está libre. Elija otra.',
  manage_not_moved_title: 'Aún no se ha cambiado',
  manage_not_moved: 'La cita no se ha cambiado. Inténtelo de nuevo.',
  manage_keep_time: 'Mantener la hora actual',
  manage_cancel_title: 'Cancelar esta cita',
  manage_reason: 'Motivo',
  manage_reason_required: 'Indíquenos brevemente por qué cancela.',
  manage_cancelling: 'Cancelando…',
  manage_keep_it: 'Mantenerla',
  manage_cancelled: 'Su cita se ha cancelado.',
  manage_not_cancelled_title: 'No cancelada',
  manage_not_cancelled: 'La cita no se ha cancelado. Inténtelo de nuevo.',
  account_loading: 'Cargando sus citas…',
  account_unavailable: 'El acceso no está disponible en este momento',
  account_sign_in_title: 'Inicie sesión para ver sus citas',
  account_sign_in_intro:
    'Sin contraseña: le enviamos por correo un enlace para iniciar sesión. Use la dirección con la que reservó.',
  account_send_link: 'Enviarme un enlace de acceso',
  account_sending: 'Enviando…',
  account_just_book: '¿Solo quiere reservar?',
  account_check_inbox: 'Revise su bandeja de entrada',
  account_link_sent:
    'Hemos enviado un enlace de acceso a {{email}}. Ábralo para ver sus citas; solo funciona una vez.',
  account_spam: '¿No ha llegado nada en unos minutos? Revise la carpeta de correo no deseado.',
  account_use_another: 'Usar otra dirección',
  account_confirm_title: 'Confirme su correo electrónico',
  account_confirm_intro:
    'Este enlace se abrió en otro dispositivo o navegador. Escriba la dirección a la que se envió para terminar de iniciar sesión.',
  account_sign_in: 'Iniciar sesión',
  account_signing_in: 'Iniciando sesión…',
  account_link_failed: 'No pudimos iniciar su sesión',
  account_send_new_link: 'Enviar un enlace nuevo',
  account_signed_in_as: 'Sesión iniciada como {{email}}',
  account_your_details: 'Sus datos',
  account_sign_out: 'Cerrar sesión',
  account_signing_out: 'Cerrando sesión…',
  account_load_failed: 'No pudimos cargar sus citas',
  account_upcoming: 'Próximas',
  account_no_upcoming: 'No tiene citas próximas.',
  account_past: 'Anteriores',
  account_no_past: 'Aquí aparecerán las citas pasadas y canceladas.',
  account_book_another: 'Reservar otra cita',
  account_with: 'con {{member}}',
  account_email_invalid: 'Escriba una dirección de correo como nombre@ejemplo.com.',
  account_start_failed: 'No se pudo iniciar el acceso. Compruebe su conexión.',
  account_link_not_sent: 'No se pudo enviar el enlace. Inténtelo de nuevo.',
  account_link_did_not_work: 'Este enlace de acceso no ha funcionado.',
  account_link_expired: 'Este enlace de acceso ha caducado o ya se usó. Solicite uno nuevo.',
  account_link_other_address:
    'Esta no es la dirección a la que se envió el enlace. Solicite un enlace nuevo.',
  account_sign_in_offline:
    'No pudimos conectar con el servicio de acceso. Compruebe su conexión e inténtelo de nuevo.',
  account_too_many_links:
    'Se han pedido demasiados enlaces de acceso. Espere unos minutos e inténtelo de nuevo.',
  account_sign_in_failed: 'No se pudo iniciar sesión. Inténtelo de nuevo.',
  account_signed_out: 'Ha cerrado la sesión. Vuelva a iniciarla con un enlace para ver sus citas.',
  account_appointments_failed: 'No se pudieron cargar sus citas.',
  account_sign_out_failed: 'No se pudo cerrar la sesión.',
  details_not_loaded: 'No se pudieron cargar sus datos.',
  details_not_saved: 'No se pudieron guardar sus datos.',
  details_name_too_long: 'El nombre debe tener menos de 120 caracteres.',
  details_phone_invalid: 'Use de 3 a 40 dígitos, espacios y solo + ( ) . / -.',
  details_check_highlighted: 'Revise los campos marcados.',
  details_check_field: 'Revise este campo.',
  details_loading: 'Cargando sus datos…',
  details_load_failed: 'No pudimos cargar sus datos',
  details_intro:
    'Sesión iniciada como {{email}}. El establecimiento usa estos datos para contactarle sobre sus citas, y su próxima reserva se rellena con ellos.',
  details_saving: 'Guardando…',
  details_save: 'Guardar mis datos',
  details_not_now: 'Ahora no',
}
