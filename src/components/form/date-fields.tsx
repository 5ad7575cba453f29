import { parseDate, parseDateTime } from '@internationalized/date'
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DatePicker,
  DateRangePicker,
  DateSegment,
  Dialog,
  Group,
  Heading,
  Popover,
  RangeCalendar,
} from 'react-aria-components'
import {
  type FieldBaseProps,
  FieldHelp,
  FieldLabel,
  fieldClassName,
  fieldStateProps,
} from './field-parts'

/** A date range as plain ISO dates (`2026-08-12`), both days included. */
export interface DateRangeValue {
  start: string
  end: string
}

function parseOrNull<T>(parse: (text: string) => T, text: string | null): T | null {
  if (!text) return null
  try {
    return parse(text)
  } catch {
    return null
  }
}

function CalendarHeader() {
  return (
    <header>
      <Button slot="previous" className="p-icon-button" aria-label="Previous month">
        ‹
      </Button>
      <Heading className="p-calendar__heading" />
      <Button slot="next" className="p-icon-button" aria-label="Next month">
        ›
      </Button>
    </header>
  )
}

function CalendarButton({ label }: { label: string }) {
  return (
    <Button className="p-input-group__button" aria-label={`Open calendar for ${label}`}>
      <span aria-hidden="true">▦</span>
    </Button>
  )
}

/**
 * Whole days from–to: typed (segment by segment) or picked in a calendar popover.
 * `minValue` (ISO date) keeps past days out when only the future makes sense.
 */
export function FormDateRangeField({
  value,
  onChange,
  minValue,
  ...props
}: FieldBaseProps & {
  value: DateRangeValue | null
  onChange: (value: DateRangeValue | null) => void
  minValue?: string
}) {
  const start = parseOrNull(parseDate, value?.start ?? null)
  const end = parseOrNull(parseDate, value?.end ?? null)
  return (
    <DateRangePicker
      className={fieldClassName(props)}
      {...fieldStateProps(props)}
      value={start && end ? { start, end } : null}
      onChange={(range) =>
        onChange(range ? { start: range.start.toString(), end: range.end.toString() } : null)
      }
      minValue={parseOrNull(parseDate, minValue ?? null) ?? undefined}
    >
      <FieldLabel isRequired={props.isRequired}>{props.label}</FieldLabel>
      <Group className="p-input-group p-date-field-group">
        <DateInput slot="start" className="p-input p-date-input">
          {(segment) => <DateSegment segment={segment} className="p-date-segment" />}
        </DateInput>
        <span aria-hidden="true">–</span>
        <DateInput slot="end" className="p-input p-date-input">
          {(segment) => <DateSegment segment={segment} className="p-date-segment" />}
        </DateInput>
        <CalendarButton label={props.label} />
      </Group>
      <FieldHelp label={props.label} description={props.description} error={props.error} />
      <Popover className="p-popover p-popover--calendar">
        <Dialog className="p-calendar" aria-label={props.label}>
          <RangeCalendar>
            <CalendarHeader />
            <CalendarGrid>
              {(date) => <CalendarCell date={date} className="p-calendar__cell" />}
            </CalendarGrid>
          </RangeCalendar>
        </Dialog>
      </Popover>
    </DateRangePicker>
  )
}

/**
 * A wall-clock date and time (`2026-08-12T13:30`, no zone: the screen says which zone it is
 * in and converts it to an instant), 24-hour, typed or with the date picked in a calendar.
 */
export function FormDateTimeField({
  value,
  onChange,
  ...props
}: FieldBaseProps & {
  value: string | null
  onChange: (value: string | null) => void
}) {
  return (
    <DatePicker
      className={fieldClassName(props)}
      {...fieldStateProps(props)}
      value={parseOrNull(parseDateTime, value)}
      onChange={(next) => onChange(next ? next.toString().slice(0, 16) : null)}
      granularity="minute"
      hourCycle={24}
      shouldForceLeadingZeros
    >
      <FieldLabel isRequired={props.isRequired}>{props.label}</FieldLabel>
      <Group className="p-input-group p-date-field-group">
        <DateInput className="p-input p-date-input">
          {(segment) => <DateSegment segment={segment} className="p-date-segment" />}
        </DateInput>
        <CalendarButton label={props.label} />
      </Group>
      <FieldHelp label={props.label} description={props.description} error={props.error} />
      <Popover className="p-popover p-popover--calendar">
        <Dialog className="p-calendar" aria-label={props.label}>
          <Calendar>
            <CalendarHeader />
            <CalendarGrid>
              {(date) => <CalendarCell date={date} className="p-calendar__cell" />}
            </CalendarGrid>
          </Calendar>
        </Dialog>
      </Popover>
    </DatePicker>
  )
}
