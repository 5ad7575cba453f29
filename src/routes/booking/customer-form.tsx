import type { FormEvent } from 'react'
import type { CustomerDetails, CustomerErrors, CustomerField } from '../../machines/booking.machine'
import { focusFirstInvalidField } from './focus-first-invalid'

const FIELDS: {
  field: CustomerField
  label: string
  type: 'text' | 'email' | 'tel'
  autoComplete: string
  required: boolean
  multiline?: boolean
}[] = [
  { field: 'name', label: 'Name', type: 'text', autoComplete: 'name', required: true },
  { field: 'email', label: 'E-mail', type: 'email', autoComplete: 'email', required: true },
  { field: 'phone', label: 'Phone (optional)', type: 'tel', autoComplete: 'tel', required: false },
  {
    field: 'notes',
    label: 'Notes for us (optional)',
    type: 'text',
    autoComplete: 'off',
    required: false,
    multiline: true,
  },
]

/**
 * Name, e-mail, phone and notes. The machine validates; each field's message is tied to it with
 * aria-describedby and aria-invalid, and the first wrong field takes focus on a refused submit.
 */
export function CustomerForm({
  values,
  errors,
  busy,
  submitLabel,
  onChange,
  onSubmit,
}: {
  values: CustomerDetails
  errors: CustomerErrors
  busy: boolean
  submitLabel: string
  onChange: (values: Partial<CustomerDetails>) => void
  onSubmit: () => void
}) {
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    onSubmit()
    focusFirstInvalidField(event.currentTarget)
  }

  return (
    <form className="p-form p-booking-form" noValidate onSubmit={submit}>
      {FIELDS.map(({ field, label, type, autoComplete, required, multiline }) => {
        const id = `customer-${field}`
        const error = errors[field]
        const props = {
          id,
          name: field,
          className: 'p-input',
          value: values[field],
          autoComplete,
          required,
          readOnly: busy,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${id}-error` : undefined,
        }
        return (
          <div className="p-field" key={field}>
            <label className="p-field__label" htmlFor={id}>
              {label}
            </label>
            {multiline ? (
              <textarea
                {...props}
                rows={3}
                onChange={(event) => onChange({ [field]: event.target.value })}
              />
            ) : (
              <input
                {...props}
                type={type}
                onChange={(event) => onChange({ [field]: event.target.value })}
              />
            )}
            {error ? (
              <p id={`${id}-error`} className="p-field__error">
                {error}
              </p>
            ) : null}
          </div>
        )
      })}
      <button
        type="submit"
        className="p-button p-button--primary p-button--large p-button--block"
        aria-disabled={busy || undefined}
      >
        {busy ? 'Booking…' : submitLabel}
      </button>
    </form>
  )
}
