import { createContext, type ReactNode, useContext } from 'react'
import type { Catalogue } from '../../machines/booking-context'
import type { WizardActor } from './wizard-actor'

/**
 * What the server renderer (src/server-entry.tsx) hands the booking pages for the one page it
 * renders: the business's catalogue and a wizard of that request's own. In the browser there
 * is no provider: the pages read the catalogue from the page's data block and use the page's
 * one wizard. A context, never module state: the server renders pages of many businesses.
 */
export interface ServedPage {
  catalogue: Catalogue
  wizard: WizardActor
  /** Hears the document title the page's frame would set (in the browser, in an effect). */
  onTitle: (title: string) => void
}

const ServedPageContext = createContext<ServedPage | null>(null)

export function ServedPageProvider({ page, children }: { page: ServedPage; children: ReactNode }) {
  return <ServedPageContext.Provider value={page}>{children}</ServedPageContext.Provider>
}

/** The page the server is rendering, or null in the browser. */
export function useServedPage(): ServedPage | null {
  return useContext(ServedPageContext)
}
