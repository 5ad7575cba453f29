import './form-kit.css'
import './filter-bar.css'
import {
  Button,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DateRangePicker,
  DateSegment,
  Dialog,
  Group,
  Heading,
  Label,
  Popover,
  RangeCalendar,
  Text,
} from 'react-aria-components'
import type { DayRange } from '../../domain/day-range'

/** A range of days read in the business's zone; only a complete range (or none) is reported. */
export function DayRangeField({
  value,
  timeZone,
  onChange,
}: {
  value: DayRange | null
  timeZone: string
  onChange: (range: DayRange | null) => void
}) {
  return (
    <DateRangePicker
      className="p-field p-activity-filters__field p-activity-filters__dates"
      value={value}
      // Half-typed dates are not a filter yet; only a complete range (or none) is.
      onChange={(range) => onChange(range ? { start: range.start, end: range.end } : null)}
    >
      <Label className="p-field__label">Dates</Label>
      <Group className="p-input p-date-range">
        <DateInput slot="start" className="p-date-range__input">
          {(segment) => <DateSegment segment={segment} className="p-date-segment" />}
        </DateInput>
        <span aria-hidden="true" className="p-date-range__dash">
          –
        </span>
        <DateInput slot="end" className="p-date-range__input">
          {(segment) => <DateSegment segment={segment} className="p-date-segment" />}
        </DateInput>
        <Button className="p-icon-button p-date-range__button" aria-label="Open calendar">
          <CalendarIcon />
        </Button>
      </Group>
      <Text slot="description" className="p-field__description">
        Days in the business time zone ({timeZone}).
      </Text>
      <Popover className="p-popover">
        <Dialog className="p-calendar-dialog">
          <RangeCalendar className="p-calendar">
            <header className="p-calendar__header">
              <Button slot="previous" className="p-icon-button" aria-label="Previous month">
                ‹
              </Button>
              <Heading className="p-calendar__heading" />
              <Button slot="next" className="p-icon-button" aria-label="Next month">
                ›
              </Button>
            </header>
            <CalendarGrid className="p-calendar__grid">
              {(date) => <CalendarCell date={date} className="p-calendar__cell" />}
            </CalendarGrid>
          </RangeCalendar>
        </Dialog>
      </Popover>
    </DateRangePicker>
  )
}

function CalendarIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" fill="none">
      <rect x="3" y="5" width="18" height="16" rx="2" stroke="currentColor" strokeWidth="2" />
      <path d="M3 10h18M8 3v4M16 3v4" stroke="currentColor" strokeWidth="2" />
    </svg>
  )
}
