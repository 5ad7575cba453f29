import type { FormEvent, ReactNode } from 'react'
import { bookingHref } from '../../../shared/booking-links'
import type { MessageKey } from '../../../shared/i18n/en'
import { useTranslation } from '../../app/i18n'
import type { CustomerDetails, CustomerErrors, CustomerField } from '../../machines/booking-context'
import { focusFirstInvalidField } from './focus-first-invalid'
import { usePageBusinessParam } from './page-business'

const FIELDS: {
  field: CustomerField
  label: MessageKey
  type: 'text' | 'email' | 'tel'
  autoComplete: string
  required: boolean
  multiline?: boolean
}[] = [
  { field: 'name', label: 'field_name', type: 'text', autoComplete: 'name', required: true },
  { field: 'email', label: 'field_email', type: 'email', autoComplete: 'email', required: true },
  { field: 'phone', label: 'field_phone', type: 'tel', autoComplete: 'tel', required: false },
  {
    field: 'notes',
    label: 'field_notes',
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
  children,
}: {
  values: CustomerDetails
  errors: CustomerErrors
  busy: boolean
  submitLabel: string
  onChange: (values: Partial<CustomerDetails>) => void
  onSubmit: () => void
  /** More fields after the details, before the submit button (the service's questions). */
  children?: ReactNode
}) {
  const { t, tn, say } = useTranslation()
  const business = usePageBusinessParam()
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
              {t(label)}
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
                {say(error)}
              </p>
            ) : null}
          </div>
        )
      })}
      {children}
      <p className="p-muted p-booking-privacy-note">
        {tn('privacy_details_note', {
          link: (
            // A new tab, so what was typed here stays.
            <a href={bookingHref('/booking/privacy', business)} target="_blank" rel="noopener">
              {t('privacy_link')}
            </a>
          ),
        })}
      </p>
      <button
        type="submit"
        className="p-button p-button--primary p-button--large p-button--block"
        aria-disabled={busy || undefined}
      >
        {busy ? t('booking_busy') : submitLabel}
      </button>
    </form>
  )
}
