import { Radio, RadioGroup } from 'react-aria-components'
import {
  type FieldBaseProps,
  FieldHelp,
  FieldLabel,
  fieldClassName,
  fieldStateProps,
} from './field-parts'
import type { SelectOption } from './select-field'

/** One of two to four choices, all visible (arrow keys move between them). */
export function FormRadioGroupField<Value extends string>({
  value,
  onChange,
  options,
  ...props
}: FieldBaseProps & {
  value: Value
  onChange: (value: Value) => void
  options: readonly SelectOption<Value>[]
}) {
  return (
    <RadioGroup
      className={fieldClassName(props)}
      {...fieldStateProps(props)}
      value={value}
      onChange={(next) => onChange(next as Value)}
      orientation="horizontal"
    >
      <FieldLabel isRequired={props.isRequired}>{props.label}</FieldLabel>
      <div className="p-radio-group__options">
        {options.map((option) => (
          <Radio key={option.id} value={option.id} className="p-radio">
            <span className="p-radio__circle" aria-hidden="true" />
            {option.label}
          </Radio>
        ))}
      </div>
      <FieldHelp label={props.label} description={props.description} error={props.error} />
    </RadioGroup>
  )
}
