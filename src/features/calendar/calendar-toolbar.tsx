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

export interface CalendarToolbarProps {
  title: string
  view: CalendarViewName
  /** The day shown (or a day of the shown week or month), business zone. */
  date: string
  members: { id: string; name: string }[]
  memberId: string | null
  showCancelled: boolean
  timeZone: string
  onPrevious: () => void
  onToday: () => void
  onNext: () => void
  onDate: (date: string) => void
  onView: (view: CalendarViewName) => void
  onMember: (memberId: string | null) => void
  onShowCancelled: (show: boolean) => void
  teamChoice: TeamViewChoice
  onTeamChoice: (choice: TeamViewChoice) => void
  /** How many columns the day view shows. */
  shownCount: number
}

export function unitOf(view: CalendarViewName): string {
  return view === 'day' ? 'day' : view === 'week' ? 'week' : 'month'
}

/** Day, Week, Month. */
export function ViewSwitch({ view, onView }: Pick<CalendarToolbarProps, 'view' | 'onView'>) {
  return (
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
  )
}

/** Whose appointments: everyone, or one member (kept in the address). */
export function MemberSelect({
  members,
  memberId,
  onMember,
}: Pick<CalendarToolbarProps, 'members' | 'memberId' | 'onMember'>) {
  return (
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
  )
}

export function CancelledSwitch({
  showCancelled,
  onShowCancelled,
}: Pick<CalendarToolbarProps, 'showCancelled' | 'onShowCancelled'>) {
  return (
    <FormSwitchField
      label="Show cancelled"
      name="cancelled"
      value={showCancelled}
      onChange={onShowCancelled}
    />
  )
}

/** The Team filter, where it applies: the day view of everyone, with more than one member. */
export function TeamFilterIfShown(props: CalendarToolbarProps & { compact?: boolean }) {
  if (props.view !== 'day' || props.memberId !== null || props.members.length < 2) return null
  return (
    <TeamFilter
      team={props.members}
      choice={props.teamChoice}
      onChoice={props.onTeamChoice}
      shownCount={props.shownCount}
      compact={props.compact}
    />
  )
}

/**
 * The calendar's own toolbar (FullCalendar's is off): the range title, previous / today / next,
 * the view, whose appointments, who the day's columns show, and whether cancelled ones show.
 * Every control is a react-aria widget, so it works by keyboard and announces its state.
 */
export function CalendarToolbar(props: CalendarToolbarProps) {
  const unit = unitOf(props.view)
  return (
    <div className="p-cal-toolbar">
      <div className="p-cal-toolbar__nav">
        <div className="p-cal-toolbar__buttons">
          <Button
            className="p-button p-button--small"
            onPress={props.onPrevious}
            aria-label={`Previous ${unit}`}
          >
            <span aria-hidden="true">‹</span>
          </Button>
          <Button className="p-button p-button--small" onPress={props.onToday}>
            Today
          </Button>
          <Button
            className="p-button p-button--small"
            onPress={props.onNext}
            aria-label={`Next ${unit}`}
          >
            <span aria-hidden="true">›</span>
          </Button>
        </div>
        <h2 className="p-cal-toolbar__title" aria-live="polite">
          {props.title}
          <span className="p-cal-toolbar__zone">{props.timeZone.replaceAll('_', ' ')}</span>
        </h2>
      </div>
      <div className="p-cal-toolbar__filters">
        <ViewSwitch view={props.view} onView={props.onView} />
        <MemberSelect members={props.members} memberId={props.memberId} onMember={props.onMember} />
        <TeamFilterIfShown {...props} />
        <CancelledSwitch
          showCancelled={props.showCancelled}
          onShowCancelled={props.onShowCancelled}
        />
      </div>
    </div>
  )
}
