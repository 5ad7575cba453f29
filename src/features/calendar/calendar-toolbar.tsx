import { Button, ToggleButton, ToggleButtonGroup } from 'react-aria-components'
import { FormSelectField } from '../../components/form/select-field'
import { FormSwitchField } from '../../components/form/switch-field'
import {
  CALENDAR_VIEW_LABELS,
  CALENDAR_VIEWS,
  type CalendarViewName,
} from '../../domain/calendar-search-params'
import type { TeamViewChoice } from '../../domain/team-view-choice'
import { TeamFilter } from './team-filter'

const EVERYONE = 'everyone'

/**
 * The calendar's own toolbar (FullCalendar's is off): the range title, previous / today / next,
 * the view, whose appointments, and whether cancelled ones show. Every control is a react-aria
 * widget, so it works by keyboard and announces its state.
 */
export function CalendarToolbar({
  title,
  view,
  members,
  memberId,
  showCancelled,
  timeZone,
  onPrevious,
  onToday,
  onNext,
  onView,
  onMember,
  onShowCancelled,
  team,
  teamChoice,
  onTeamChoice,
  shownCount,
}: {
  title: string
  view: CalendarViewName
  members: { id: string; name: string }[]
  memberId: string | null
  showCancelled: boolean
  timeZone: string
  onPrevious: () => void
  onToday: () => void
  onNext: () => void
  onView: (view: CalendarViewName) => void
  onMember: (memberId: string | null) => void
  onShowCancelled: (show: boolean) => void
  team: readonly { id: string; name: string }[]
  teamChoice: TeamViewChoice
  onTeamChoice: (choice: TeamViewChoice) => void
  /** How many columns the day view shows. */
  shownCount: number
}) {
  const unit = view === 'day' ? 'day' : view === 'week' ? 'week' : 'month'
  return (
    <div className="p-cal-toolbar">
      <div className="p-cal-toolbar__nav">
        <div className="p-cal-toolbar__buttons">
          <Button
            className="p-button p-button--small"
            onPress={onPrevious}
            aria-label={`Previous ${unit}`}
          >
            <span aria-hidden="true">‹</span>
          </Button>
          <Button className="p-button p-button--small" onPress={onToday}>
            Today
          </Button>
          <Button className="p-button p-button--small" onPress={onNext} aria-label={`Next ${unit}`}>
            <span aria-hidden="true">›</span>
          </Button>
        </div>
        <h2 className="p-cal-toolbar__title" aria-live="polite">
          {title}
          <span className="p-cal-toolbar__zone">{timeZone.replaceAll('_', ' ')}</span>
        </h2>
      </div>
      <div className="p-cal-toolbar__filters">
        <ToggleButtonGroup
          className="p-cal-views"
          aria-label="View"
          selectionMode="single"
          disallowEmptySelection
          selectedKeys={[view]}
          onSelectionChange={(keys) => {
            const [next] = [...keys]
            if (next) onView(next as CalendarViewName)
          }}
        >
          {CALENDAR_VIEWS.map((name) => (
            <ToggleButton key={name} id={name} className="p-cal-views__button">
              {CALENDAR_VIEW_LABELS[name]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <FormSelectField
          label="Team member"
          name="member"
          className="p-cal-toolbar__member"
          value={memberId ?? EVERYONE}
          options={[
            { id: EVERYONE, label: 'Everyone' },
            ...members.map((member) => ({ id: member.id, label: member.name })),
          ]}
          onChange={(id) => onMember(id === EVERYONE ? null : id)}
        />
        {view === 'day' && memberId === null && team.length > 1 ? (
          <TeamFilter
            team={team}
            choice={teamChoice}
            onChoice={onTeamChoice}
            shownCount={shownCount}
          />
        ) : null}
        <FormSwitchField
          label="Show cancelled"
          name="cancelled"
          value={showCancelled}
          onChange={onShowCancelled}
        />
      </div>
    </div>
  )
}
