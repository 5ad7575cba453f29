import type { ReactNode } from 'react'
import { FieldError, Label, Text } from 'react-aria-components'
import './form-kit.css'

/** What every kit field takes besides its value. */
export interface FieldBaseProps {
  label: string
  /** The API field name: the input's `name` and the key of its error in FieldErrors. */
  name: string
  /** Help under the field. */
  description?: ReactNode
  /** The message to show at the field (from the form machine's fieldErrors). */
  error?: string | undefined
  isRequired?: boolean
  isDisabled?: boolean
  isReadOnly?: boolean
  className?: string
}

/** A field's label, with a visible mark when the field is required (react-aria sets aria-required). */
export function FieldLabel({
  children,
  isRequired,
}: {
  children: ReactNode
  isRequired?: boolean
}) {
  return (
    <Label className="p-field__label">
      {children}
      {isRequired ? (
        <span className="p-required-mark" aria-hidden="true">
          *
        </span>
      ) : null}
    </Label>
  )
}

/**
 * Description and error under a react-aria field. The server's (or the form machine's) message
 * wins; otherwise the browser's own check speaks, in our words for a missing value.
 */
export function FieldHelp({
  label,
  description,
  error,
}: {
  label: string
  description?: ReactNode
  error?: string | undefined
}) {
  return (
    <>
      {description ? (
        <Text slot="description" className="p-field__description">
          {description}
        </Text>
      ) : null}
      <FieldError className="p-field__error">
        {({ validationDetails, validationErrors }) => {
          if (error) return error
          if (validationDetails.valueMissing) return `Enter ${label.toLowerCase()}.`
          return validationErrors.join(' ')
        }}
      </FieldError>
    </>
  )
}

/** "Fields marked * are required", once per form, so the mark means something. */
export function RequiredNote() {
  return (
    <p className="p-required-note">
      Fields marked <span className="p-required-mark">*</span> are required.
    </p>
  )
}

/** The props react-aria needs to show a kit field's state. */
export function fieldStateProps(props: FieldBaseProps) {
  return {
    name: props.name,
    isRequired: props.isRequired,
    isDisabled: props.isDisabled,
    isReadOnly: props.isReadOnly,
    isInvalid: props.error ? true : undefined,
  }
}

export function fieldClassName(props: FieldBaseProps): string {
  return props.className ? `p-field ${props.className}` : 'p-field'
}
