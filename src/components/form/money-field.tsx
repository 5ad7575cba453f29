import { Group, Input, NumberField } from 'react-aria-components'
import { minorUnitDigits } from '../../../shared/currency-digits'
import {
  type FieldBaseProps,
  FieldHelp,
  FieldLabel,
  fieldClassName,
  fieldStateProps,
} from './field-parts'
import { majorToMinor, minorToMajor } from './money'

/**
 * A price: edited as "$25.00" in the business currency (Intl currency format, so the symbol,
 * decimals and separators are the locale's), stored and reported in minor units (2500).
 * Pass `profile.currency` as `currency`.
 */
export function MoneyField({
  valueMinor,
  onChange,
  currency,
  maxMinor,
  ...props
}: FieldBaseProps & {
  valueMinor: number | null
  onChange: (valueMinor: number | null) => void
  currency: string
  maxMinor?: number
}) {
  const digits = minorUnitDigits(currency)
  return (
    <NumberField
      className={fieldClassName(props)}
      {...fieldStateProps(props)}
      value={valueMinor === null ? Number.NaN : minorToMajor(valueMinor, currency)}
      onChange={(next) => onChange(Number.isNaN(next) ? null : majorToMinor(next, currency))}
      minValue={0}
      maxValue={maxMinor === undefined ? undefined : minorToMajor(maxMinor, currency)}
      step={1 / 10 ** digits}
      formatOptions={{
        style: 'currency',
        currency,
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      }}
    >
      <FieldLabel isRequired={props.isRequired}>{props.label}</FieldLabel>
      <Group className="p-input-group">
        <Input className="p-input" inputMode="decimal" />
      </Group>
      <FieldHelp label={props.label} description={props.description} error={props.error} />
    </NumberField>
  )
}
