import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { joinWallClock, wallClockToInstant } from '../../domain/appointment-time'
import { offHoursReason, offHoursSentence } from '../../domain/off-hours-notice'
import { createMemberDayLogic } from './effects'
import { OverrideCheckbox } from './override-checkbox'

/** What the form knows of the time being booked, in the business's clock. */
export interface ChosenTime {
  teamMemberId: string | null
  memberName: string
  date: string | null
  time: string | null
  durationMinutes: number
  timeZone: string
}

interface ChoiceProps {
  value: boolean
  onChange: (value: boolean) => void
  /** The server's refusal at `override_working_hours`, if any. */
  error?: string | undefined
  isDisabled?: boolean
}

/**
 * The working-hours override next to the time: once a member, day and time are chosen, a time
 * outside that member's working time is explained before booking ("Priya is on a break
 * 13:00–13:30 — book anyway?") with "Book anyway" right beneath; otherwise the plain "Book
 * outside working hours" box. The sentence is in a live region, so it is heard as it appears.
 */
export function WorkingHoursChoice({ chosen, ...choice }: ChoiceProps & { chosen: ChosenTime }) {
  const { teamMemberId, date } = chosen
  return (
    <div aria-live="polite">
      {teamMemberId && date ? (
        // A new member or day is a new schedule to read: a fresh load, never a stale answer.
        <MemberDayChoice key={`${teamMemberId}|${date}`} chosen={chosen} {...choice} />
      ) : (
        <OverrideCheckbox {...choice} error={plainError(choice.error, null)} />
      )}
    </div>
  )
}

function MemberDayChoice({ chosen, ...choice }: ChoiceProps & { chosen: ChosenTime }) {
  const [logic] = useState(() => createMemberDayLogic(chosen.teamMemberId ?? '', chosen.date ?? ''))
  const actor = useActorRef(logic)
  const schedule = useSelector(actor, (s) => s.context.data)
  const wallClock = joinWallClock(chosen.date, chosen.time)
  let sentence: string | null = null
  if (schedule && wallClock && chosen.date) {
    const startsAt = wallClockToInstant(wallClock, chosen.timeZone)
    const reason = offHoursReason({
      schedule,
      date: chosen.date,
      startsAt,
      endsAt: new Date(
        new Date(startsAt).getTime() + chosen.durationMinutes * 60_000,
      ).toISOString(),
      timeZone: chosen.timeZone,
    })
    sentence = reason && offHoursSentence(reason, chosen.memberName)
  }
  return (
    <OverrideCheckbox
      {...choice}
      notice={sentence ? `${sentence} — book anyway?` : undefined}
      error={plainError(choice.error, sentence)}
    />
  )
}

/**
 * The server's "must be true to book outside working hours…" in plain words: the only refusal
 * at this field is a time outside the member's working time.
 */
function plainError(error: string | undefined, sentence: string | null): string | undefined {
  if (!error) return undefined
  return sentence
    ? 'Tick “Book anyway” to book this time.'
    : 'This time is outside the team member’s working hours. Tick “Book outside working hours” to book it anyway.'
}
