import { Radio, RadioGroup } from 'react-aria-components'
import {
  type FieldBaseProps,
  FieldHelp,
  FieldLabel,
  fieldClassName,
  fieldStateProps,
} from '../../components/form/field-parts'

export interface Choice<Value extends string> {
  id: Value
  label: string
  description?: string
}

/**
 * One of a few choices, all visible at once with what each means (react-aria RadioGroup: arrow
 * keys move the choice). For two to four options; a longer list belongs in a select.
 */
export function ChoiceField<Value extends string>({
  value,
  onChange,
  choices,
  ...props
}: FieldBaseProps & {
  value: Value
  onChange: (value: Value) => void
  choices: readonly Choice<Value>[]
}) {
  return (
    <RadioGroup
      className={`${fieldClassName(props)} p-choice-field`}
      {...fieldStateProps(props)}
      value={value}
      onChange={(next) => onChange(next as Value)}
    >
      <FieldLabel isRequired={props.isRequired}>{props.label}</FieldLabel>
      <div className="p-choice-field__options">
        {choices.map((choice) => (
          <Radio key={choice.id} value={choice.id} className="p-choice">
            <span className="p-choice__dot" aria-hidden="true" />
            <span className="p-choice__text">
              <span className="p-choice__label">{choice.label}</span>
              {choice.description ? (
                <span className="p-choice__description">{choice.description}</span>
              ) : null}
            </span>
          </Radio>
        ))}
      </div>
      <FieldHelp label={props.label} description={props.description} error={props.error} />
    </RadioGroup>
  )
}
