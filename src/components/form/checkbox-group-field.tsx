import { Checkbox, CheckboxGroup } from 'react-aria-components'
import {
  type FieldBaseProps,
  FieldHelp,
  FieldLabel,
  fieldClassName,
  fieldStateProps,
} from './field-parts'

export interface CheckboxOption {
  id: string
  label: string
}

/** Several choices from a list everyone can see at once (team members of a service, services of a member). */
export function FormCheckboxGroupField({
  value,
  onChange,
  options,
  emptyText = 'Nothing to choose from yet.',
  ...props
}: FieldBaseProps & {
  value: readonly string[]
  onChange: (value: string[]) => void
  options: readonly CheckboxOption[]
  emptyText?: string
}) {
  return (
    <CheckboxGroup
      className={fieldClassName(props)}
      {...fieldStateProps(props)}
      value={[...value]}
      onChange={onChange}
    >
      <FieldLabel isRequired={props.isRequired}>{props.label}</FieldLabel>
      {options.length === 0 ? (
        <p className="p-muted">{emptyText}</p>
      ) : (
        <div className="p-checkbox-group__options">
          {options.map((option) => (
            <Checkbox key={option.id} value={option.id} className="p-checkbox">
              {({ isSelected }) => (
                <>
                  <span className="p-checkbox__box" aria-hidden="true">
                    {isSelected ? '✓' : ''}
                  </span>
                  {option.label}
                </>
              )}
            </Checkbox>
          ))}
        </div>
      )}
      <FieldHelp label={props.label} description={props.description} error={props.error} />
    </CheckboxGroup>
  )
}
