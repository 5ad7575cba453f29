/**
 * The questions a business asks with an online booking of a service, and the answers stored
 * with the appointment. Stored as JSON (services.booking_questions, appointments.booking_answers).
 */

export const bookingQuestionKinds = [
  'short_text',
  'long_text',
  'single_choice',
  'multiple_choice',
  'checkbox',
] as const

export type BookingQuestionKind = (typeof bookingQuestionKinds)[number]

/** One question of a service's booking form. `options` only for the two choice kinds. */
export interface BookingQuestion {
  id: string
  label: string
  kind: BookingQuestionKind
  required: boolean
  options: string[]
}

/**
 * A visitor's answer, with the question's label as it was asked: a later edit of the question
 * never changes what an appointment says was asked. Text for the text kinds, the chosen
 * options for the choice kinds, true/false for a checkbox.
 */
export interface BookingAnswer {
  question_id: string
  label: string
  kind: BookingQuestionKind
  value: string | string[] | boolean
}
