import { Button } from 'react-aria-components'
import './booking-questions-editor.css'
import {
  type BookingQuestionKind,
  bookingQuestionLimits,
  isChoiceKind,
} from '../../../shared/booking-questions'
import { FormSelectField } from '../../components/form/select-field'
import { FormSwitchField } from '../../components/form/switch-field'
import { FormTextField } from '../../components/form/text-field'
import type { FieldErrors } from '../../machines/entity-form.machine'
import { newQuestion, type QuestionValues } from './service-values'

const KIND_OPTIONS: { id: BookingQuestionKind; label: string }[] = [
  { id: 'short_text', label: 'Short text' },
  { id: 'long_text', label: 'Long text' },
  { id: 'single_choice', label: 'Single choice' },
  { id: 'multiple_choice', label: 'Multiple choice' },
  { id: 'checkbox', label: 'Checkbox (e.g. "I agree")' },
]

/**
 * The questions the booking page asks with this service: add, edit, reorder (move up/down
 * buttons, which keyboards and screen readers use as easily as anyone), remove.
 */
export function BookingQuestionsEditor({
  questions,
  errors,
  onChange,
}: {
  questions: QuestionValues[]
  errors: FieldErrors
  onChange: (questions: QuestionValues[]) => void
}) {
  const replace = (index: number, changes: Partial<QuestionValues>) =>
    onChange(questions.map((question, i) => (i === index ? { ...question, ...changes } : question)))
  const move = (index: number, by: -1 | 1) => {
    const next = [...questions]
    const [moved] = next.splice(index, 1)
    if (moved) next.splice(index + by, 0, moved)
    onChange(next)
  }
  const full = questions.length >= bookingQuestionLimits.questions

  return (
    <div className="p-questions">
      {errors.booking_questions ? (
        <p className="p-field__error" role="alert">
          {errors.booking_questions}
        </p>
      ) : null}
      {questions.length === 0 ? (
        <p className="p-questions__empty">No questions: customers book with their details only.</p>
      ) : (
        <ol className="p-questions__list">
          {questions.map((question, index) => {
            const field = `booking_questions.${index}`
            const number = index + 1
            return (
              <li key={question.key} className="p-questions__item">
                <fieldset className="p-questions__fieldset">
                  <legend className="p-questions__legend">Question {number}</legend>
                  <FormTextField
                    label="Question"
                    name={`${field}.label`}
                    isRequired
                    maxLength={bookingQuestionLimits.label}
                    value={question.label}
                    onChange={(label) => replace(index, { label })}
                    error={errors[`${field}.label`]}
                  />
                  <FormSelectField
                    label="Answer type"
                    name={`${field}.kind`}
                    isRequired
                    options={KIND_OPTIONS}
                    value={question.kind}
                    onChange={(kind) => replace(index, { kind })}
                    error={errors[`${field}.kind`]}
                  />
                  {isChoiceKind(question.kind) ? (
                    <FormTextField
                      label="Options"
                      name={`${field}.options`}
                      isRequired
                      multiline
                      rows={4}
                      description={`One per line: at least 2, at most ${bookingQuestionLimits.options}, each different.`}
                      value={question.optionsText}
                      onChange={(optionsText) => replace(index, { optionsText })}
                      error={errors[`${field}.options`]}
                    />
                  ) : null}
                  <FormSwitchField
                    label="Required"
                    name={`${field}.required`}
                    description={
                      question.kind === 'checkbox'
                        ? 'Customers must tick it to book.'
                        : 'Customers must answer it to book.'
                    }
                    value={question.required}
                    onChange={(required) => replace(index, { required })}
                  />
                  <div className="p-questions__actions">
                    <Button
                      className="p-button p-button--ghost"
                      isDisabled={index === 0}
                      onPress={() => move(index, -1)}
                      aria-label={`Move question ${number} up`}
                    >
                      Move up
                    </Button>
                    <Button
                      className="p-button p-button--ghost"
                      isDisabled={index === questions.length - 1}
                      onPress={() => move(index, 1)}
                      aria-label={`Move question ${number} down`}
                    >
                      Move down
                    </Button>
                    <Button
                      className="p-button p-button--danger"
                      onPress={() => onChange(questions.filter((_, i) => i !== index))}
                      aria-label={`Remove question ${number}`}
                    >
                      Remove
                    </Button>
                  </div>
                </fieldset>
              </li>
            )
          })}
        </ol>
      )}
      <Button
        className="p-button"
        isDisabled={full}
        onPress={() => onChange([...questions, newQuestion()])}
      >
        Add a question
      </Button>
      {full ? (
        <p className="p-field__help">
          A service asks at most {bookingQuestionLimits.questions} questions.
        </p>
      ) : null}
    </div>
  )
}
