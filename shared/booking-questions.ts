/**
 * The questions a business asks with an online booking of a service, and the rules for the
 * answers. Pure, so the booking page checks answers exactly as the server does before it
 * stores them (services.booking_questions, appointments.booking_answers).
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

export type BookingAnswerValue = BookingAnswer['value']

/** Answers as a form or a request body holds them: keyed by question id. */
export type BookingAnswerValues = Readonly<Record<string, BookingAnswerValue | undefined>>

/** Limits the staff form and the server share; the contract repeats them. */
export const bookingQuestionLimits = {
  questions: 20,
  label: 200,
  options: 20,
  option: 100,
  shortText: 200,
  longText: 2000,
} as const

export function isChoiceKind(kind: BookingQuestionKind): boolean {
  return kind === 'single_choice' || kind === 'multiple_choice'
}

/** A question as staff define it: a new one has no id yet (the server gives it one). */
export interface BookingQuestionDraft {
  id?: string | undefined
  label: string
  kind: BookingQuestionKind
  required: boolean
  options: readonly string[]
}

/** A problem with one question: `field` is `label`, `options` or `id`. */
export interface QuestionProblem {
  index: number
  field: 'label' | 'options' | 'id'
  message: string
}

/**
 * What is wrong with a service's questions as staff defined them: a blank label, a choice
 * question with fewer than two options, repeated or blank options, options on a kind that
 * has none, the same id twice. Lengths and counts are the contract's (and the form's) limits.
 */
export function questionProblems(questions: readonly BookingQuestionDraft[]): QuestionProblem[] {
  const problems: QuestionProblem[] = []
  const seenIds = new Set<string>()
  questions.forEach((question, index) => {
    if (question.id !== undefined) {
      if (seenIds.has(question.id)) {
        problems.push({ index, field: 'id', message: 'is the id of an earlier question' })
      }
      seenIds.add(question.id)
    }
    const label = question.label.trim()
    if (!label) problems.push({ index, field: 'label', message: 'must not be blank' })
    else if (label.length > bookingQuestionLimits.label) {
      problems.push({
        index,
        field: 'label',
        message: `must be at most ${bookingQuestionLimits.label} characters`,
      })
    }
    const options = question.options.map((option) => option.trim())
    if (!isChoiceKind(question.kind)) {
      if (options.length > 0) {
        problems.push({ index, field: 'options', message: 'only choice questions have options' })
      }
      return
    }
    if (options.some((option) => !option)) {
      problems.push({ index, field: 'options', message: 'must not contain a blank option' })
    } else if (options.length < 2) {
      problems.push({ index, field: 'options', message: 'must offer at least two options' })
    } else if (options.length > bookingQuestionLimits.options) {
      problems.push({
        index,
        field: 'options',
        message: `must offer at most ${bookingQuestionLimits.options} options`,
      })
    } else if (new Set(options.map((option) => option.toLowerCase())).size < options.length) {
      problems.push({ index, field: 'options', message: 'must not repeat an option' })
    } else if (options.some((option) => option.length > bookingQuestionLimits.option)) {
      problems.push({
        index,
        field: 'options',
        message: `must each be at most ${bookingQuestionLimits.option} characters`,
      })
    }
  })
  return problems
}

/** A problem with the answer to one question, or with an answer to no question. */
export interface AnswerProblem {
  questionId: string
  message: string
}

/** Whether a value counts as an answer: blank text, no choice and an unticked box do not. */
export function isAnswered(value: BookingAnswerValue | undefined): boolean {
  if (value === undefined) return false
  if (typeof value === 'string') return value.trim() !== ''
  if (Array.isArray(value)) return value.length > 0
  return value
}

/**
 * What is wrong with a visitor's answers: a required question unanswered (a required checkbox
 * must be ticked, like "I agree"), an answer of the wrong type, a choice not offered, text
 * too long, an answer to a question the service does not ask.
 */
export function answerProblems(
  questions: readonly BookingQuestion[],
  answers: BookingAnswerValues,
): AnswerProblem[] {
  const problems: AnswerProblem[] = []
  const asked = new Set(questions.map((question) => question.id))
  for (const questionId of Object.keys(answers)) {
    if (!asked.has(questionId)) {
      problems.push({ questionId, message: 'is not a question of this service' })
    }
  }
  for (const question of questions) {
    const message = answerProblem(question, answers[question.id])
    if (message) problems.push({ questionId: question.id, message })
  }
  return problems
}

function answerProblem(
  question: BookingQuestion,
  value: BookingAnswerValue | undefined,
): string | null {
  if (value !== undefined && !hasKindType(question.kind, value)) {
    return question.kind === 'checkbox'
      ? 'must be true or false'
      : question.kind === 'multiple_choice'
        ? 'must be a list of options'
        : 'must be text'
  }
  if (!isAnswered(value)) {
    if (!question.required) return null
    return question.kind === 'checkbox' ? 'must be ticked' : 'is required'
  }
  switch (question.kind) {
    case 'short_text':
    case 'long_text': {
      const limit =
        question.kind === 'short_text'
          ? bookingQuestionLimits.shortText
          : bookingQuestionLimits.longText
      const text = (value as string).trim()
      if (text.length > limit) return `must be at most ${limit} characters`
      return question.kind === 'short_text' && /[\r\n\t]/.test(text)
        ? 'must be a single line without tabs or line breaks'
        : null
    }
    case 'single_choice':
      return question.options.includes(value as string) ? null : 'must be one of the options'
    case 'multiple_choice': {
      const chosen = value as string[]
      if (chosen.some((option) => !question.options.includes(option))) {
        return 'must contain only the options'
      }
      return new Set(chosen).size < chosen.length ? 'must not repeat an option' : null
    }
    case 'checkbox':
      return null
  }
}

function hasKindType(kind: BookingQuestionKind, value: BookingAnswerValue): boolean {
  switch (kind) {
    case 'checkbox':
      return typeof value === 'boolean'
    case 'multiple_choice':
      return Array.isArray(value) && value.every((option) => typeof option === 'string')
    default:
      return typeof value === 'string'
  }
}

/**
 * The answers to store with the appointment, in the order the questions are asked, each with
 * the label as asked. Unanswered questions are left out; call it only once `answerProblems`
 * found nothing.
 */
export function answerSnapshot(
  questions: readonly BookingQuestion[],
  answers: BookingAnswerValues,
): BookingAnswer[] {
  const snapshot: BookingAnswer[] = []
  for (const question of questions) {
    const value = answers[question.id]
    if (value === undefined || !isAnswered(value)) continue
    snapshot.push({
      question_id: question.id,
      label: question.label,
      kind: question.kind,
      value: typeof value === 'string' ? value.trim() : value,
    })
  }
  return snapshot
}

/** An answer as one line of text, for a dialog, a tooltip or an e-mail (encode it there). */
export function answerText(answer: Pick<BookingAnswer, 'value'>): string {
  if (typeof answer.value === 'boolean') return answer.value ? 'Yes' : 'No'
  if (Array.isArray(answer.value)) return answer.value.join(', ')
  return answer.value
}
