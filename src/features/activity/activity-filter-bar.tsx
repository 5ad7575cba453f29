import '../../components/form/filter-bar.css'
import { Button } from 'react-aria-components'
import { DayRangeField } from '../../components/form/day-range-field'
import { FormSelectField } from '../../components/form/select-field'
import {
  type ActivityActor,
  actorLabel,
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
