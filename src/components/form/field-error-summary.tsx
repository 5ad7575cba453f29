import type { ReactNode } from 'react'
import { CHECK_FIELDS_MESSAGE } from '../../api/api-error'

/**
 * A form's alert after a failed submit. Where the failure is at fields, it names them ("Please
 * check the highlighted fields: Customer, Time."), so the summary never points at nothing;
 * a field the form has no label for is named by its own message, so none goes unseen.
 */
export function FieldErrorSummary({
  message,
  fieldErrors,
  labels,
  children,
}: {
  message: string
  fieldErrors: Readonly<Record<string, string>>
  /** The visible label of each field the form shows, by its API name. */
  labels: Readonly<Record<string, string>>
  /** More after the sentence (a link to the appointment in the way). */
  children?: ReactNode
}) {
  const named = Object.entries(fieldErrors).map(
    ([field, error]) => labels[field] ?? error.replace(/[.!?]\s*$/, ''),
  )
  const sentence =
    message === CHECK_FIELDS_MESSAGE && named.length > 0
      ? `${named.length === 1 ? 'Please check the highlighted field' : 'Please check the highlighted fields'}: ${named.join(', ')}.`
      : message
  return (
    <div className="p-alert" role="alert">
      {sentence}
      {children}
    </div>
  )
}
