import { parseDate, parseTime } from '@internationalized/date'
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DatePicker,
  DateSegment,
  Dialog,
  Group,
  Heading,
  Popover,
  TimeField,
} from 'react-aria-components'
import {
  type FieldBaseProps,
  FieldHelp,
  FieldLabel,
  fieldClassName,
  fieldStateProps,
} from '../form/field-parts'

function parseOrNull<T>(parse: (text: string) => T, text: string | null): T | null {
  if (!text) return null
  try {
    return parse(text)
  } catch {
    return null
  }
}

/** A day (`2026-11-27`), typed segment by segment or picked in a calendar popover. */
export function DayField({
  value,
  onChange,
  autoFocus,
  ...props
}: FieldBaseProps & {
  value: string | null
  onChange: (value: string | null) => void
  autoFocus?: boolean
}) {
  return (
    <DatePicker
      autoFocus={autoFocus}
      className={fieldClassName(props)}
      {...fieldStateProps(props)}
      value={parseOrNull(parseDate, value)}
      onChange={(next) => onChange(next ? next.toString() : null)}
      granularity="day"
      shouldForceLeadingZeros
    >
      <FieldLabel isRequired={props.isRequired}>{props.label}</FieldLabel>
      <Group className="p-input-group p-date-field-group">
        <DateInput className="p-input p-date-input">
          {(segment) => <DateSegment segment={segment} className="p-date-segment" />}
        </DateInput>
        <Button className="p-input-group__button" aria-label={`Open calendar for ${props.label}`}>
          <span aria-hidden="true">▦</span>
        </Button>
      </Group>
      <FieldHelp label={props.label} description={props.description} error={props.error} />
      <Popover className="p-popover p-popover--calendar">
        <Dialog className="p-calendar" aria-label={props.label}>
          <Calendar>
            <header>
              <Button slot="previous" className="p-icon-button" aria-label="Previous month">
                ‹
              </Button>
              <Heading className="p-calendar__heading" />
              <Button slot="next" className="p-icon-button" aria-label="Next month">
                ›
              </Button>
            </header>
            <CalendarGrid>
              {(date) => <CalendarCell date={date} className="p-calendar__cell" />}
            </CalendarGrid>
          </Calendar>
        </Dialog>
      </Popover>
    </DatePicker>
  )
}

/** A 24-hour clock time (`10:30`), typed segment by segment. */
export function ClockField({
  value,
  onChange,
  ...props
}: FieldBaseProps & { value: string | null; onChange: (value: string | null) => void }) {
  return (
    <TimeField
      className={fieldClassName(props)}
      {...fieldStateProps(props)}
      value={parseOrNull(parseTime, value)}
      onChange={(next) => onChange(next ? next.toString().slice(0, 5) : null)}
      hourCycle={24}
      shouldForceLeadingZeros
    >
      <FieldLabel isRequired={props.isRequired}>{props.label}</FieldLabel>
      <DateInput className="p-input p-date-input">
        {(segment) => <DateSegment segment={segment} className="p-date-segment" />}
      </DateInput>
      <FieldHelp label={props.label} description={props.description} error={props.error} />
    </TimeField>
  )
}
