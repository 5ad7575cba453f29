import { useSelector } from '@xstate/react'
import { lazy, Suspense, startTransition, useEffect, useState } from 'react'
import type { WizardRoute } from '../../../shared/booking-links'
import { useTranslation } from '../../app/i18n'
import { ListSkeleton } from '../../components/form/list-skeleton'
import { teamMemberWithoutChoice } from '../../domain/team-choice'
import type { Catalogue } from '../../machines/booking-context'
import { ChoiceSummary } from './choice-summary'
import { useWizard } from './wizard-actor'
import { BackLink } from './wizard-back-link'

// The time step's calendar, times and zone picker load when a visitor reaches that step, so
// the first step's load (the service list most visits start on) does not carry them.
const MonthSlotPicker = lazy(() =>
  import('./month-slot-picker').then((module) => ({ default: module.MonthSlotPicker })),
)

/**
 * False on the step's first render, then true, in a transition. The server renders the step's
 * frame with the month's placeholder (the month is the visitor's: their clock and time zone),
 * so hydrating must render just that; the month then renders in slices React can interrupt
 * rather than in hydration's own work. A step reached in the browser takes the same path.
 */
function useShownAfterFirstRender(): boolean {
  const [shown, setShown] = useState(false)
  useEffect(() => {
    startTransition(() => setShown(true))
  }, [])
  return shown
}

/** The wizard's time step: what is booked beside the month of free times. */
export function CalendarStep({ catalogue }: { catalogue: Catalogue }) {
  const wizard = useWizard()
  const { t } = useTranslation()
  const month = useSelector(wizard, (s) => s.children.monthOfSlots)
  const serviceId = useSelector(wizard, (s) => s.context.serviceId)
  const teamMemberId = useSelector(wizard, (s) => s.context.teamMemberId)
  const teamMemberFirst = useSelector(wizard, (s) => s.context.teamMemberFirst)
  const pickerShown = useShownAfterFirstRender()
  // As tall as the calendar that replaces it, so nothing below it jumps.
  const placeholder = (
    <div className="p-month-picker-placeholder">
      <ListSkeleton rows={4} columns={2} label={t('calendar_loading')} />
    </div>
  )
  // Back to the step before: the team step only where there was one to choose from.
  const back: WizardRoute = teamMemberFirst
    ? { step: 'teamServices', teamMemberId: teamMemberId ?? '' }
    : teamMemberWithoutChoice(catalogue, serviceId) !== null
      ? { step: 'start' }
      : { step: 'serviceTeam', serviceId: serviceId ?? '' }
  return (
    <>
      <BackLink to={back} label={t('back')} />
      <div className="p-booking-time">
        <ChoiceSummary catalogue={catalogue} />
        {month && pickerShown ? (
          <Suspense fallback={placeholder}>
            <MonthSlotPicker month={month} businessTimeZone={catalogue.business.time_zone} />
          </Suspense>
        ) : (
          placeholder
        )}
      </div>
    </>
  )
}
