import type { ComponentType } from 'react'

/*
 * Whether the wizard (its machine, XState and its screens) has loaded in this page. The first
 * step does not need it: a visitor opening the booking page gets the start screen alone
 * (booking-start-screen.tsx) and the wizard loads on their first choice. Once it has loaded,
 * the start step is the wizard's own, so going back to it keeps what the machine knows.
 * Browser-only state: the server renderer never reads it.
 */

let wizardScreen: ComponentType | null = null

/** Called by the wizard's screen module when it loads. */
export function registerWizardScreen(screen: ComponentType): void {
  wizardScreen = screen
}

/** The wizard's screen when it has loaded in this page, else null. */
export function loadedWizardScreen(): ComponentType | null {
  return wizardScreen
}

/** Loads the wizard (once): on the visitor's first sign of a choice, and with their choice. */
export function loadWizard(): Promise<typeof import('./booking-wizard-screen')> {
  return import('./booking-wizard-screen')
}
