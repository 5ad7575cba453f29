import type { MessageKey } from '../../../shared/i18n/en'
import { useTranslation } from '../../app/i18n'

/** The steps of one way through the wizard, for the progress indicator. */
export type ProgressStep = 'service' | 'teamMember' | 'time' | 'details' | 'done'

const LABELS: Record<ProgressStep, MessageKey> = {
  service: 'progress_service',
  teamMember: 'progress_team_member',
  time: 'progress_time',
  details: 'progress_details',
  done: 'progress_done',
}

/**
 * The way through the wizard: team member first when the visitor started from one, and no
 * team member step when the business assigns whoever is free.
 */
export function progressSteps(
  teamMemberFirst: boolean,
  choosesTeamMember: boolean,
): ProgressStep[] {
  const choice: ProgressStep[] = !choosesTeamMember
    ? ['service']
    : teamMemberFirst
      ? ['teamMember', 'service']
      : ['service', 'teamMember']
  return [...choice, 'time', 'details', 'done']
}

/** "Step 2 of 5" as a list: done steps, the current one (aria-current) and those to come. */
export function BookingProgress({
  steps,
  current,
}: {
  steps: ProgressStep[]
  current: ProgressStep
}) {
  const currentIndex = steps.indexOf(current)
  const { t } = useTranslation()
  return (
    <nav aria-label={t('progress_label')} className="p-booking-progress">
      <p className="p-visually-hidden">
        {t('progress_step', { current: currentIndex + 1, total: steps.length })}
      </p>
      <ol className="p-booking-progress__list">
        {steps.map((step, index) => {
          const state = index < currentIndex ? 'done' : index === currentIndex ? 'current' : 'todo'
          return (
            <li
              key={step}
              className={`p-booking-progress__step p-booking-progress__step--${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="p-booking-progress__dot" aria-hidden="true">
                {state === 'done' ? '✓' : index + 1}
              </span>
              <span className="p-booking-progress__label">{t(LABELS[step])}</span>
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
