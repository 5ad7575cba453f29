import {
  ColorField,
  ColorSwatch,
  ColorSwatchPicker,
  ColorSwatchPickerItem,
  Input,
  parseColor,
} from 'react-aria-components'
import { CALENDAR_COLOURS } from '../../../shared/calendar-colours'
import {
  type FieldBaseProps,
  FieldHelp,
  FieldLabel,
  fieldClassName,
  fieldStateProps,
} from './field-parts'

const NO_COLOR = parseColor('#000000').withChannelValue('alpha', 0)

function toHex(color: { toString(format: 'hex'): string } | null): string | null {
  return color ? color.toString('hex').toLowerCase() : null
}

function safeParse(value: string) {
  try {
    return parseColor(value)
  } catch {
    return null
  }
}

/** A colour as `#rrggbb`: pick a preset swatch or type any hex value. */
export function FormColorField({
  value,
  onChange,
  presets = CALENDAR_COLOURS,
  ...props
}: FieldBaseProps & {
  value: string
  onChange: (value: string) => void
  presets?: readonly string[]
}) {
  const parsed = safeParse(value)
  return (
    <div className="p-stack-sm">
      <ColorField
        className={fieldClassName(props)}
        {...fieldStateProps(props)}
        value={parsed}
        onChange={(color) => {
          const hex = toHex(color)
          if (hex) onChange(hex)
        }}
      >
        <FieldLabel isRequired={props.isRequired}>{props.label}</FieldLabel>
        <div className="p-color-row">
          <ColorSwatch color={parsed ?? undefined} className="p-color-swatch" />
          <Input className="p-input" />
        </div>
        <FieldHelp label={props.label} description={props.description} error={props.error} />
      </ColorField>
      <ColorSwatchPicker
        className="p-swatch-picker"
        aria-label={`${props.label} presets`}
        // Controlled throughout; a typed colour outside the palette simply selects no swatch.
        value={parsed ?? NO_COLOR}
        onChange={(color) => {
          const hex = toHex(color)
          if (hex) onChange(hex)
        }}
      >
        {presets.map((preset) => (
          <ColorSwatchPickerItem key={preset} color={preset} className="p-swatch-picker__item">
            <ColorSwatch className="p-color-swatch" />
          </ColorSwatchPickerItem>
        ))}
      </ColorSwatchPicker>
    </div>
  )
}
