import './compact-toolbar.css'
import { Button, Dialog, DialogTrigger, Heading, Popover } from 'react-aria-components'
import {
  type CalendarToolbarProps,
  CancelledSwitch,
  MemberSelect,
  TeamFilterIfShown,
  unitOf,
  ViewSwitch,
} from './calendar-toolbar'
import { DateStrip } from './date-strip'

const SHORT_DAY = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
})

/**
 * The phone's calendar header, one row: the date with ‹ ›, Today, the Team filter and a menu
 * with the rest (view, member, cancelled); under it, in the day view, a strip of days to swipe.
 * It leaves the grid in the first screen.
 */
export function CompactCalendarToolbar(props: CalendarToolbarProps) {
  const unit = unitOf(props.view)
  const title =
    props.view === 'day' ? SHORT_DAY.format(new Date(`${props.date}T12:00:00Z`)) : props.title
  return (
    <div className="p-cal-compact">
      <div className="p-cal-compact__row">
        <Button
          className="p-button p-button--small p-cal-compact__step"
          onPress={props.onPrevious}
          aria-label={`Previous ${unit}`}
        >
          <span aria-hidden="true">‹</span>
        </Button>
        <h2 className="p-cal-compact__title" aria-live="polite">
          {title}
          <span className="p-visually-hidden">, {props.timeZone.replaceAll('_', ' ')}</span>
        </h2>
        <Button
          className="p-button p-button--small p-cal-compact__step"
          onPress={props.onNext}
          aria-label={`Next ${unit}`}
        >
          <span aria-hidden="true">›</span>
        </Button>
        <Button className="p-button p-button--small" onPress={props.onToday}>
          Today
        </Button>
        <TeamFilterIfShown {...props} compact />
        <DialogTrigger>
          <Button
            className="p-button p-button--small p-cal-compact__step"
            aria-label="Calendar options"
          >
            <span aria-hidden="true">⋯</span>
          </Button>
          <Popover className="p-popover p-cal-options" placement="bottom end">
            <Dialog className="p-cal-options__body" aria-label="Calendar options">
              <Heading slot="title" className="p-cal-team__title">
                Calendar options
              </Heading>
              <ViewSwitch view={props.view} onView={props.onView} />
              <MemberSelect
                members={props.members}
                memberId={props.memberId}
                onMember={props.onMember}
              />
              <CancelledSwitch
                showCancelled={props.showCancelled}
                onShowCancelled={props.onShowCancelled}
              />
            </Dialog>
          </Popover>
        </DialogTrigger>
      </div>
      {props.view === 'day' ? <DateStrip date={props.date} onDate={props.onDate} /> : null}
    </div>
  )
}
