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
  notice_unknown_link:
    'Ese enlace ya no corresponde a lo que se puede reservar aquí. Vuelva a elegir.',
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
  ics_summary: '{{service}} en {{business}}',
  ics_description: '{{service}} con {{member}} en {{business}}.',
  ics_manage: 'Cambiar o cancelar: {{url}}',
}
