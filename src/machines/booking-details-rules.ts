import { ANY_TEAM_MEMBER } from '../../shared/booking-links'
import { answerProblems, type BookingAnswerValue, isAnswered } from '../../shared/booking-questions'
import type { MessageKey } from '../../shared/i18n/en'
import type {
  AnswerErrors,
  BookingContext,
  CustomerDetails,
  CustomerErrors,
  CustomerField,
  PublicBookingInput,
} from './booking-context'

/*
 * The details step's rules (booking.machine.ts): the checks the page makes before sending,
 * the body it sends, and the field errors it reads back from a refusal.
 */

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const PHONE = /^[+0-9 ()./-]{3,40}$/

/** The checks the contract makes (PublicCustomerInput), as catalogue keys for the visitor. */
export function validateCustomer(
  values: CustomerDetails,
): Partial<Record<CustomerField, MessageKey>> {
  const errors: Partial<Record<CustomerField, MessageKey>> = {}
  if (values.name.trim() === '') errors.name = 'error_name_required'
  else if (values.name.length > 120) errors.name = 'error_name_too_long'
  if (values.email.trim() === '') errors.email = 'error_email_required'
  else if (!EMAIL.test(values.email.trim()) || values.email.length > 254) {
    errors.email = 'error_email_format'
  }
  if (values.phone.trim() !== '' && !PHONE.test(values.phone.trim())) {
    errors.phone = 'error_phone_invalid'
  }
  if (values.notes.length > 2000) errors.notes = 'error_notes_too_long'
  return errors
}

/** The questions the chosen service asks (none before a service is chosen). */
export function questionsOf(context: Pick<BookingContext, 'catalogue' | 'serviceId'>) {
  return (
    context.catalogue?.services.find((service) => service.id === context.serviceId)
      ?.booking_questions ?? []
  )
}

/** The answers worth sending: only to the questions the chosen service asks, only answered. */
function askedAnswers(context: BookingContext): Record<string, BookingAnswerValue> {
  const answers: Record<string, BookingAnswerValue> = {}
  for (const question of questionsOf(context)) {
    const value = context.answers[question.id]
    if (value !== undefined && isAnswered(value)) answers[question.id] = value
  }
  return answers
}

/**
 * The shared rule the server refuses with (shared/booking-questions.ts), per question id, for
 * the answers that would be sent.
 */
export function validateAnswers(context: BookingContext): AnswerErrors {
  const errors: AnswerErrors = {}
  for (const problem of answerProblems(questionsOf(context), askedAnswers(context))) {
    errors[problem.questionId] ??= problem.message
  }
  return errors
}

/** What the server is sent for the chosen slot and details. */
export function bookingBody(context: BookingContext): PublicBookingInput {
  const { customer } = context
  const phone = customer.phone.trim()
  const notes = customer.notes.trim()
  return {
    service_id: context.serviceId ?? '',
    team_member_id: context.teamMemberId === ANY_TEAM_MEMBER ? null : context.teamMemberId,
    starts_at: context.slot?.starts_at ?? '',
    customer: { name: customer.name.trim(), email: customer.email.trim(), phone: phone || null },
    ...(notes ? { notes } : {}),
    // A service without questions sends none, as before questions existed.
    ...(questionsOf(context).length > 0 ? { booking_answers: askedAnswers(context) } : {}),
    time_zone: context.timeZone,
  }
}

export function retryAfterOf(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || !('retryAfterSeconds' in error)) return null
  return typeof error.retryAfterSeconds === 'number' ? error.retryAfterSeconds : null
}

/** Field errors a 400/422 named (`{ name: '…' }`), keeping only the visitor's own fields. */
export function customerErrorsOf(error: unknown): CustomerErrors {
  if (typeof error !== 'object' || error === null || !('fieldErrors' in error)) return {}
  const fields = (error.fieldErrors ?? {}) as Record<string, string>
  const errors: CustomerErrors = {}
  for (const [path, message] of Object.entries(fields)) {
    const field = path.replace(/^customer\./, '')
    if (field === 'name' || field === 'email' || field === 'phone' || field === 'notes') {
      errors[field] = message
    }
  }
  return errors
}

const ANSWER_PATH = /^booking_answers\.(.+)$/

/** Answer errors a 400 named (`booking_answers.<question id>`), per question id. */
export function answerErrorsOf(error: unknown): AnswerErrors {
  if (typeof error !== 'object' || error === null || !('fieldErrors' in error)) return {}
  const fields = (error.fieldErrors ?? {}) as Record<string, string>
  const errors: AnswerErrors = {}
  for (const [path, message] of Object.entries(fields)) {
    const questionId = ANSWER_PATH.exec(path)?.[1]
    if (questionId) errors[questionId] = message
  }
  return errors
}
