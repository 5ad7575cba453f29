import { Button, Group, Input, NumberField } from 'react-aria-components'
import {
  type FieldBaseProps,
  FieldHelp,
  FieldLabel,
  fieldClassName,
  fieldStateProps,
} from './field-parts'

/**
 * A whole-number input with − and + steppers (and arrow keys), e.g. minutes or seats. An empty
 * input is `null`, so "not filled in" is not confused with 0.
 */
export function FormNumberField({
  value,
  onChange,
  minValue,
  maxValue,
  step = 1,
  unit,
  ...props
}: FieldBaseProps & {
  value: number | null
  onChange: (value: number | null) => void
  minValue?: number
  maxValue?: number
  step?: number
  /** Shown after the number, e.g. "min". */
  unit?: string
}) {
  return (
    <NumberField
      className={fieldClassName(props)}
      {...fieldStateProps(props)}
      value={value ?? Number.NaN}
      onChange={(next) => onChange(Number.isNaN(next) ? null : next)}
      minValue={minValue}
      maxValue={maxValue}
      step={step}
      formatOptions={{ maximumFractionDigits: 0, useGrouping: false }}
    >
      <FieldLabel isRequired={props.isRequired}>{props.label}</FieldLabel>
      <Group className="p-input-group">
        <Input className="p-input" />
        {unit ? <span className="p-input-group__suffix">{unit}</span> : null}
        <Button slot="decrement" className="p-input-group__button">
          −
        </Button>
        <Button slot="increment" className="p-input-group__button">
          +
        </Button>
      </Group>
      <FieldHelp label={props.label} description={props.description} error={props.error} />
    </NumberField>
  )
}
