import './team-filter.css'
import { Button, Checkbox, Dialog, DialogTrigger, Heading, Popover } from 'react-aria-components'
import {
  moveInOrder,
  orderedMembers,
  type TeamViewChoice,
  withShown,
} from '../../domain/team-view-choice'

/**
 * "Team": who the day view's columns show and in what order, in a popover: a checkbox per
 * member and Move up / Move down buttons (keyboard and screen readers need no dragging).
 */
export function TeamFilter({
  team,
  choice,
  onChoice,
  shownCount,
  compact = false,
}: {
  team: readonly { id: string; name: string }[]
  choice: TeamViewChoice
  onChoice: (choice: TeamViewChoice) => void
  shownCount: number
  /** On a phone: the count only for screen readers. */
  compact?: boolean
}) {
  const ordered = orderedMembers(team, choice)
  return (
    <DialogTrigger>
      <Button className="p-button p-button--small p-cal-team-button">
        Team{' '}
        <span className={compact ? 'p-visually-hidden' : 'p-cal-team-button__count'}>
          {shownCount} of {team.length}
        </span>
      </Button>
      <Popover className="p-popover p-cal-team-popover" placement="bottom end">
        <Dialog className="p-cal-team" aria-label="Team shown in the day view">
          <Heading slot="title" className="p-cal-team__title">
            Shown in the day view
          </Heading>
          <ul className="p-cal-team__list">
            {ordered.map((member, index) => (
              <li key={member.id} className="p-cal-team__row">
                <Checkbox
                  className="p-checkbox p-cal-team__check"
                  isSelected={!choice.hidden.includes(member.id)}
                  onChange={(shown) => onChoice(withShown(choice, member.id, shown))}
                >
                  {({ isSelected }) => (
                    <>
                      <span className="p-checkbox__box" aria-hidden="true">
                        {isSelected ? '✓' : ''}
                      </span>
                      {member.name}
                    </>
                  )}
                </Checkbox>
                <Button
                  className="p-icon-button"
                  aria-label={`Move ${member.name} up`}
                  isDisabled={index === 0}
                  onPress={() => onChoice(moveInOrder(team, choice, member.id, -1))}
                >
                  <span aria-hidden="true">↑</span>
                </Button>
                <Button
                  className="p-icon-button"
                  aria-label={`Move ${member.name} down`}
                  isDisabled={index === ordered.length - 1}
                  onPress={() => onChoice(moveInOrder(team, choice, member.id, 1))}
                >
                  <span aria-hidden="true">↓</span>
                </Button>
              </li>
            ))}
          </ul>
        </Dialog>
      </Popover>
    </DialogTrigger>
  )
}
