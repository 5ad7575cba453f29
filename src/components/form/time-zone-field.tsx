import { type ComponentProps, useMemo } from 'react'
import { FormComboBoxField } from './combo-box-field'

/** Every IANA time zone this browser knows, plus UTC (which `supportedValuesOf` leaves out). */
export function supportedTimeZones(): string[] {
  const zones =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
  return zones.includes('UTC') ? zones : ['UTC', ...zones]
}

/** A time-zone picker: type "berl" to find Europe/Berlin. */
export function TimeZoneField(props: Omit<ComponentProps<typeof FormComboBoxField>, 'options'>) {
  const options = useMemo(supportedTimeZones, [])
  return <FormComboBoxField placeholder="Type a city, e.g. Berlin" {...props} options={options} />
}
