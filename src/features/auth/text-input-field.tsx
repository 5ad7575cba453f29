import { type ReactNode, type RefObject, useEffect, useRef } from 'react'
import {
  FieldError,
  Input,
  Label,
  Text,
  TextField,
  type TextFieldProps,
} from 'react-aria-components'

export interface FieldMessages {
  /** Shown when a required field is left empty. */
  required?: string
  /** Shown when the browser rejects the value's format (e.g. type="email"). */
  format?: string
}

/**
 * A labelled text input with its error under it. Errors use our own wording instead of the
 * browser's, appear when the user leaves the field or submits (react-aria's native mode), and
 * disappear as soon as the value is fixed (see useClearErrorWhenFixed).
 */
export function TextInputField({
  label,
  description,
  messages = {},
  ...props
}: Omit<TextFieldProps, 'children' | 'className'> & {
  label: string
  description?: ReactNode
  messages?: FieldMessages
}) {
  const inputRef = useRef<HTMLInputElement>(null)
  useClearErrorWhenFixed(inputRef)
  return (
    <TextField className="p-field" {...props}>
      <Label className="p-field__label">{label}</Label>
      <Input ref={inputRef} className="p-input" />
      {description ? (
        <Text slot="description" className="p-field__description">
          {description}
        </Text>
      ) : null}
      <FieldError className="p-field__error">
        {({ validationDetails, validationErrors }) => {
          if (validationDetails.valueMissing && messages.required) return messages.required
          if (validationDetails.typeMismatch && messages.format) return messages.format
          return validationErrors.join(' ')
        }}
      </FieldError>
    </TextField>
  )
}

/**
 * react-aria only re-checks a shown error on the input's `change` event, i.e. on blur. A user who
 * fixes the last field and then clicks the submit button would blur it, the error line would
 * vanish, the button would jump up under the pointer and the click would be lost. So once the
 * value is valid again, we fire that `change` ourselves, on the frame after the keystroke (when
 * react-aria has updated the input's custom validity).
 */
function useClearErrorWhenFixed(ref: RefObject<HTMLInputElement | null>) {
  useEffect(() => {
    const input = ref.current
    if (!input) return
    let frame = 0
    const onInput = () => {
      cancelAnimationFrame(frame)
      frame = requestAnimationFrame(() => {
        if (input.getAttribute('aria-invalid') === 'true' && input.validity.valid) {
          input.dispatchEvent(new Event('change', { bubbles: true }))
        }
      })
    }
    input.addEventListener('input', onInput)
    return () => {
      input.removeEventListener('input', onInput)
      cancelAnimationFrame(frame)
    }
  }, [ref])
}
