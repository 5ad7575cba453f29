import { Input, TextArea, TextField } from 'react-aria-components'
import {
  type FieldBaseProps,
  FieldHelp,
  FieldLabel,
  fieldClassName,
  fieldStateProps,
} from './field-parts'

/** A labelled text input (or a text area with `multiline`), controlled, with its error under it. */
export function FormTextField({
  value,
  onChange,
  type = 'text',
  multiline = false,
  rows = 4,
  autoComplete,
  maxLength,
  placeholder,
  inputMode,
  autoFocus,
  ...props
}: FieldBaseProps & {
  value: string
  onChange: (value: string) => void
  type?: 'text' | 'email' | 'tel' | 'url' | 'password'
  multiline?: boolean
  rows?: number
  autoComplete?: string
  maxLength?: number
  placeholder?: string
  inputMode?: 'text' | 'email' | 'tel' | 'url' | 'numeric'
  autoFocus?: boolean
}) {
  return (
    <TextField
      className={fieldClassName(props)}
      {...fieldStateProps(props)}
      value={value}
      onChange={onChange}
      type={type}
      autoComplete={autoComplete}
      maxLength={maxLength}
      inputMode={inputMode}
      autoFocus={autoFocus}
    >
      <FieldLabel isRequired={props.isRequired}>{props.label}</FieldLabel>
      {multiline ? (
        <TextArea className="p-input" rows={rows} placeholder={placeholder} />
      ) : (
        <Input className="p-input" placeholder={placeholder} />
      )}
      <FieldHelp label={props.label} description={props.description} error={props.error} />
    </TextField>
  )
}
