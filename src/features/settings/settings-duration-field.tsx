import { useState } from 'react'
import {
  Button,
  Group,
  Input,
  ListBox,
  ListBoxItem,
  NumberField,
  Popover,
  Select,
  SelectValue,
} from 'react-aria-components'
import {
  type FieldBaseProps,
  FieldHelp,
  FieldLabel,
  fieldClassName,
  fieldStateProps,
} from '../../components/form/field-parts'
import {
  DURATION_UNITS,
  type DurationUnit,
  MINUTES_PER,
  splitMinutes,
  toMinutes,
} from '../../domain/duration-minutes'

const UNIT_LABELS: Record<DurationUnit, string> = {
  minutes: 'minutes',
  hours: 'hours',
  days: 'days',
}

/**
 * A duration stored in minutes but typed as an amount and a unit ("2 days" rather than 2880).
 * Changing the unit keeps the amount typed: "2" with "days" chosen means two days.
 */
export function DurationField({
  value,
  onChange,
  minMinutes = 0,
  maxMinutes,
  units = DURATION_UNITS,
  ...props
}: FieldBaseProps & {
  /** Minutes; null = left empty. */
  value: number | null
  onChange: (minutes: number | null) => void
  minMinutes?: number
  maxMinutes?: number
  units?: readonly DurationUnit[]
}) {
  const [unit, setUnit] = useState<DurationUnit>(() => {
    const natural = value === null ? 'hours' : splitMinutes(value).unit
    return units.includes(natural) ? natural : (units[0] ?? 'minutes')
  })
  const amount = value === null ? null : value / MINUTES_PER[unit]

  return (
    <div className={`${fieldClassName(props)} p-duration-field`}>
      <div className="p-duration">
        <NumberField
          className="p-field"
          {...fieldStateProps(props)}
          value={amount ?? Number.NaN}
          onChange={(next) => onChange(Number.isNaN(next) ? null : toMinutes(next, unit))}
          minValue={minMinutes / MINUTES_PER[unit]}
          maxValue={maxMinutes === undefined ? undefined : maxMinutes / MINUTES_PER[unit]}
          formatOptions={{ maximumFractionDigits: 2, useGrouping: false }}
        >
          <FieldLabel isRequired={props.isRequired}>{props.label}</FieldLabel>
          <Group className="p-input-group">
            <Input className="p-input" />
            <Button slot="decrement" className="p-input-group__button">
              −
            </Button>
            <Button slot="increment" className="p-input-group__button">
              +
            </Button>
          </Group>
          <FieldHelp label={props.label} description={props.description} error={props.error} />
        </NumberField>
        <Select
          className="p-field p-duration__unit"
          aria-label={`${props.label}: unit`}
          value={unit}
          isDisabled={props.isDisabled}
          onChange={(key) => {
            const next = String(key) as DurationUnit
            setUnit(next)
            if (amount !== null) onChange(toMinutes(amount, next))
          }}
        >
          {/* Lines the unit up with the amount's input, under the shared label. */}
          <span className="p-field__label" aria-hidden="true">
            &nbsp;
          </span>
          <Button className="p-select-button">
            <SelectValue />
            <span className="p-chevron" aria-hidden="true">
              ▼
            </span>
          </Button>
          <Popover className="p-popover">
            <ListBox className="p-listbox" items={units.map((id) => ({ id }))}>
              {(item) => (
                <ListBoxItem
                  className="p-listbox__item"
                  id={item.id}
                  textValue={UNIT_LABELS[item.id]}
                >
                  {UNIT_LABELS[item.id]}
                </ListBoxItem>
              )}
            </ListBox>
          </Popover>
        </Select>
      </div>
    </div>
  )
}
