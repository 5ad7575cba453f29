import { useActorRef, useSelector } from '@xstate/react'
import { useMemo } from 'react'
import { Button, Checkbox } from 'react-aria-components'
import { todayIn } from '../../domain/appointment-time'
import { zoneMovePreview } from '../../domain/zone-move'
import { zoneMoveTeamLogic } from './effects'

/**
 * In the dialog before a change of the business's time zone (it reads the team when shown):
 * who is still on the old zone,
 * what moving them changes (their clock times stay, the zone changes), what leaving them
 * means, and the choice. Members on a zone of their own are named and never moved.
 */
export function ZoneMoveChoice({
  from,
  to,
  move,
  onMoveChange,
}: {
  from: string
  to: string
  move: boolean
  onMoveChange: (move: boolean) => void
}) {
  const actor = useActorRef(zoneMoveTeamLogic)
  const team = useSelector(actor, (s) => s.context.data)
  const failed = useSelector(actor, (s) => s.context.failure !== null)
  const preview = useMemo(
    () => (team ? zoneMovePreview(team, from, to, todayIn(to)) : null),
    [team, from, to],
  )
  if (failed) {
    return (
      <p role="alert">
        Your team's time zones could not be read; saving leaves every team member on their own zone.{' '}
        <Button className="p-link-button" onPress={() => actor.send({ type: 'load.retry' })}>
          Try again
        </Button>
      </p>
    )
  }
  if (!preview) {
    return (
      <p className="p-muted" role="status">
        Checking your team's time zones…
      </p>
    )
  }
  const { moving, ifStaying, elsewhere } = preview
  return (
    <div className="p-zone-move">
      {moving.length > 0 ? (
        <>
          <Checkbox className="p-checkbox" isSelected={move} onChange={onMoveChange}>
            {({ isSelected }) => (
              <>
                <span className="p-checkbox__box" aria-hidden="true">
                  {isSelected ? '✓' : ''}
                </span>
                Move{' '}
                {moving.length === 1 ? 'this team member' : `these ${moving.length} team members`}{' '}
                to {to} too
              </>
            )}
          </Checkbox>
          {move ? (
            <ul className="p-zone-move__list" aria-label="Team members who move">
              {moving.map((line) => (
                <li key={line.id}>
                  <strong>{line.name}:</strong> {line.before} → {line.after}
                </li>
              ))}
            </ul>
          ) : (
            <ul className="p-zone-move__list" aria-label="Team members who stay">
              {ifStaying.map((line) => (
                <li key={line.id}>
                  <strong>{line.name}</strong> stays: {line.reading}.
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
      {elsewhere.length > 0 ? (
        <p className="p-muted">
          Keep their own time zones:{' '}
          {elsewhere.map((member) => `${member.name} (${member.timeZone})`).join(', ')}.
        </p>
      ) : null}
    </div>
  )
}
