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
import { FormSelectField } from '../../components/form/select-field'
import {
  type ActivityActor,
  actorLabel,
  type DayRange,
  ENTITY_TYPE_LABELS,
  ENTITY_TYPES,
  isEntityType,
} from './activity-format'
import { type ActivityView, EMPTY_ACTIVITY_VIEW, isFiltered } from './activity-search-params'

const ALL = 'all'

/**
 * The log's filters: entity type, actor and a range of days (read in the business's zone).
 * Each change is reported at once; the screen keeps the view in the address.
 */
export function ActivityFilterBar({
  view,
  actors,
  timeZone,
  onChange,
}: {
  view: ActivityView
  actors: readonly ActivityActor[]
  timeZone: string
  onChange: (view: ActivityView) => void
}) {
  const change = (patch: Partial<ActivityView>) => onChange({ ...view, ...patch, entryId: null })
  // An actor chosen from a link may not be among those seen in this visit: keep it selectable.
  const actorOptions =
    view.actor && !actors.some((actor) => actor.uid === view.actor)
      ? [...actors, { uid: view.actor, name: null, email: null }]
      : actors

  return (
    <search className="p-activity-filters" aria-label="Filter the activity log">
      <FormSelectField
        label="Entity type"
        name="entity_type"
        className="p-activity-filters__field"
        value={view.entityType ?? ALL}
        options={[
          { id: ALL, label: 'All types' },
          ...ENTITY_TYPES.map((type) => ({ id: type, label: ENTITY_TYPE_LABELS[type] })),
        ]}
        onChange={(key) => change({ entityType: isEntityType(key) ? key : null })}
      />
      <FormSelectField
        label="Actor"
        name="actor"
        className="p-activity-filters__field"
        value={view.actor ?? ALL}
        options={[
          { id: ALL, label: 'Anyone' },
          ...actorOptions.map((actor) => ({ id: actor.uid, label: actorLabel(actor) })),
        ]}
        onChange={(key) => change({ actor: key === ALL ? null : key })}
      />
      <DayRangeField
        value={view.range}
        timeZone={timeZone}
        onChange={(range) => change({ range })}
      />
      {isFiltered(view) ? (
        <Button
          className="p-button p-button--ghost p-activity-filters__clear"
          onPress={() => onChange(EMPTY_ACTIVITY_VIEW)}
        >
          Clear filters
        </Button>
      ) : null}
    </search>
  )
}

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
