import { lazy, Suspense, useEffect, useRef } from 'react'
import { ListSkeleton } from '../../components/form/list-skeleton'
import type { Catalogue } from '../../machines/booking-context'
import { BookingProgress, progressSteps } from './booking-progress'
import { pageCatalogue } from './inline-catalogue'
import { useServedPage } from './served-page'
import { StartStep } from './start-step'
import { loadedWizardScreen, loadWizard } from './wizard-presence'

const WizardScreen = lazy(() =>
  loadWizard().then((module) => ({ default: module.BookingWizardScreen })),
)

/**
 * The booking page as a visitor opens it: the business's services (and team), straight from
 * the catalogue the page carries, with no machine behind them. Most visits start here, so its
 * first load stays small: the wizard (XState, the booking machine, the later steps) loads
 * when the visitor shows they are about to choose, and the choice is handed to it. Without an
 * inline catalogue (the development server), or once the wizard runs, this is the wizard.
 */
export function BookingStartScreen() {
  const served = useServedPage()
  // On the server the catalogue comes with the request; the page's wizard is never consulted
  // there, so the browser's first render (no wizard yet) matches the server's markup.
  const catalogue = served?.catalogue ?? pageCatalogue()
  const Wizard = served ? null : loadedWizardScreen()
  if (Wizard) return <Wizard />
  if (!catalogue) {
    return (
      <Suspense fallback={<ListSkeleton rows={4} columns={2} label="Loading the booking page…" />}>
        <WizardScreen />
      </Suspense>
    )
  }
  return <StartScreen catalogue={catalogue} />
}

function StartScreen({ catalogue }: { catalogue: Catalogue }) {
  const choosesTeamMember = catalogue.business.team_member_choice !== 'any_available'
  const choose = (
    event:
      | { type: 'booking.serviceChosen'; serviceId: string }
      | { type: 'booking.teamMemberChosen'; teamMemberId: string },
  ) => {
    void loadWizard().then((wizard) => wizard.chooseOnBrowserWizard(event))
  }
  const choices = useRef<HTMLDivElement>(null)
  useEffect(() => {
    // A pointer, touch or focus on the choices is a sign one is coming: the wizard loads then,
    // so it is usually there when the choice is made.
    const element = choices.current
    if (!element) return
    const signs = ['pointerdown', 'touchstart', 'focusin'] as const
    for (const sign of signs) element.addEventListener(sign, prefetchWizard, { passive: true })
    return () => {
      for (const sign of signs) element.removeEventListener(sign, prefetchWizard)
    }
  }, [])
  return (
    <div className="p-booking-wizard" ref={choices}>
      <BookingProgress steps={progressSteps(false, choosesTeamMember)} current="service" />
      <StartStep
        catalogue={catalogue}
        onServiceChosen={(serviceId) => choose({ type: 'booking.serviceChosen', serviceId })}
        onTeamMemberChosen={(teamMemberId) =>
          choose({ type: 'booking.teamMemberChosen', teamMemberId })
        }
      />
    </div>
  )
}

function prefetchWizard() {
  void loadWizard()
}
