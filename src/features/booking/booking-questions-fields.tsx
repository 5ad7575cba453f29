import {
  type BookingAnswerValue,
  type BookingAnswerValues,
  type BookingQuestion,
  bookingQuestionLimits,
} from '../../../shared/booking-questions'
import { useTranslation } from '../../app/i18n'
import type { AnswerErrors } from '../../machines/booking-context'

type Translate = ReturnType<typeof useTranslation>['t']

/**
 * What to say under a question: the machine keeps the shared rule's words ("is required") or
 * the server's ("This value must be ticked."), both English; the visitor reads their language.
 */
export function answerErrorText(message: string, t: Translate): string {
  if (/ticked/i.test(message)) return t('answer_must_tick')
  if (/required/i.test(message)) return t('answer_required')
  const max = /at most (\d+) characters/i.exec(message)?.[1]
  if (max) return t('answer_too_long', { max })
  return t('answer_invalid')
}

/**
 * The chosen service's booking questions, inside the details form (before its submit button).
 * Each answer goes to the machine, which checks it with the rule the server refuses with; a
 * wrong answer is marked aria-invalid and described by its message, so the form's "focus the
 * first invalid field" reaches it (a choice question's first option).
 */
export function BookingQuestionsFields({
  questions,
  answers,
  errors,
  busy,
  onChange,
}: {
  questions: readonly BookingQuestion[]
  answers: BookingAnswerValues
  errors: AnswerErrors
  busy: boolean
  onChange: (questionId: string, value: BookingAnswerValue) => void
}) {
  return (
    <>
      {questions.map((question) => (
        <QuestionField
          key={question.id}
          question={question}
          value={answers[question.id]}
          error={errors[question.id]}
          busy={busy}
          onChange={(value) => onChange(question.id, value)}
        />
      ))}
    </>
  )
}

function QuestionField({
  question,
  value,
  error,
  busy,
  onChange,
}: {
  question: BookingQuestion
  value: BookingAnswerValue | undefined
  error: string | undefined
  busy: boolean
  onChange: (value: BookingAnswerValue) => void
}) {
  const { t } = useTranslation()
  const id = `question-${question.id}`
  const errorId = `${id}-error`
  const invalid = error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {}
  const message = error ? (
    <p id={errorId} className="p-field__error">
      {answerErrorText(error, t)}
    </p>
  ) : null
  const required = question.required ? <RequiredMark label={t('question_required')} /> : null

  if (question.kind === 'checkbox') {
    return (
      <div className="p-field">
        <label className="p-booking-question__option" htmlFor={id}>
          <input
            type="checkbox"
            id={id}
            name={id}
            checked={value === true}
            required={question.required}
            disabled={busy}
            {...invalid}
            onChange={(event) => onChange(event.target.checked)}
          />
          <span>
            {question.label}
            {required}
          </span>
        </label>
        {message}
      </div>
    )
  }

  if (question.kind === 'single_choice' || question.kind === 'multiple_choice') {
    const single = question.kind === 'single_choice'
    const chosen = Array.isArray(value) ? value : typeof value === 'string' ? [value] : []
    const options = question.options.map((option, index) => (
      <label className="p-booking-question__option" key={option}>
        <input
          type={single ? 'radio' : 'checkbox'}
          id={index === 0 ? id : undefined}
          name={id}
          value={option}
          checked={chosen.includes(option)}
          // A radio group is required through its radios; a group of boxes has no such state.
          required={single && question.required}
          disabled={busy}
          {...invalid}
          onChange={(event) =>
            onChange(
              single
                ? option
                : event.target.checked
                  ? question.options.filter((each) => each === option || chosen.includes(each))
                  : chosen.filter((each) => each !== option),
            )
          }
        />
        <span>{option}</span>
      </label>
    ))
    return (
      <fieldset className="p-field p-booking-question">
        <legend className="p-field__label">
          {question.label}
          {required}
        </legend>
        <div className="p-booking-question__options">{options}</div>
        {message}
      </fieldset>
    )
  }

  const props = {
    id,
    name: id,
    className: 'p-input',
    value: typeof value === 'string' ? value : '',
    required: question.required,
    readOnly: busy,
    maxLength:
      question.kind === 'short_text'
        ? bookingQuestionLimits.shortText
        : bookingQuestionLimits.longText,
    ...invalid,
  }
  return (
    <div className="p-field">
      <label className="p-field__label" htmlFor={id}>
        {question.label}
        {required}
      </label>
      {question.kind === 'long_text' ? (
        <textarea {...props} rows={3} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...props} type="text" onChange={(event) => onChange(event.target.value)} />
      )}
      {message}
    </div>
  )
}

function RequiredMark({ label }: { label: string }) {
  return <span className="p-booking-question__required"> ({label})</span>
}
