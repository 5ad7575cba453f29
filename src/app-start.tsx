/*
 * The app's start, loaded by main.tsx: an empty root rendered, or a page the server rendered
 * hydrated.
 */
import { startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import {
  EMBED_PREFIX,
  isEmbedPath,
  parseWizardRoute,
  type WizardRoute,
} from '../shared/booking-links'
import { isLanguage } from '../shared/languages'
import { loadLanguage, renderInLanguage } from './app/i18n'
import { initMonitoring } from './app/monitoring'
import { getRuntimeConfig } from './app/runtime-config'
import { AppRoot } from './app-root'
import { seedFormattedMoney } from './components/form/money'
import { LoadingIndicator } from './components/loading-indicator'
import { inlineBusiness, inlineFormattedMoney } from './features/booking/inline-catalogue'
import { startsWithoutAuth } from './routes/booking-path'
import { preloadStaffStart } from './routes/start-preload'

// A frame on a business's website: the booking pages under /embed, every link kept there.
const embedded = isEmbedPath(window.location.pathname)

function StartupFailed({ detail }: { detail: string }) {
  return (
    <main className="p-crash">
      <div className="p-card p-crash__card" role="alert">
        <h1 className="p-crash__title">Slotwise couldn't start</h1>
        <p>{detail}</p>
        <div className="p-crash__actions">
          <button
            type="button"
            className="p-button p-button--primary"
            onClick={() => window.location.reload()}
          >
            Reload page
          </button>
        </div>
      </div>
    </main>
  )
}

/**
 * The visitor's time zone and a first time formatter in it load the browser's time zone data,
 * the slowest first use of Intl (about 100 ms on a phone). Done while the screen's chunks
 * download, it no longer lengthens the wizard's first task (which reads the zone as it starts).
 */
function warmTimeZoneData(): void {
  const { timeZone } = Intl.DateTimeFormat().resolvedOptions()
  new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit', timeZone }).format(0)
}

/** Renders the app into an empty root: every page the server did not render. */
export async function start(container: HTMLElement) {
  const root = createRoot(container)
  try {
    void initMonitoring(getRuntimeConfig()).catch((error: unknown) => console.error(error))
  } catch (error) {
    console.error(error)
    root.render(<StartupFailed detail="This site's configuration could not be read." />)
    return
  }

  // The booking area starts without authentication: Firebase is only reached through this
  // import(), so customers on /book* never download it.
  if (embedded || startsWithoutAuth(window.location.pathname)) {
    // As a transition, React renders the page (the time step, say, which the server leaves to
    // the browser) in slices and yields between them, instead of in one long task that blocks
    // a phone's main thread (Lighthouse's TBT); the screens' lazy chunks resume it the same way.
    startTransition(() => {
      root.render(<AppRoot authAreas={null} embedded={embedded} />)
    })
    setTimeout(warmTimeZoneData, 0)
    return
  }

  root.render(<LoadingIndicator fullPage />)
  preloadStaffStart(window.location.pathname)
  try {
    const { authAreas } = await import(/* webpackChunkName: "staff-shell" */ './routes/auth-areas')
    root.render(<AppRoot authAreas={authAreas} embedded={false} />)
  } catch (error) {
    console.error(error)
    root.render(
      <StartupFailed detail="Part of the app didn't load. Check your connection and reload the page." />,
    )
  }
}

/**
 * A booking page the server rendered (server/http/server-rendered-page.ts marks its root with
 * the language it rendered in): React adopts that HTML instead of drawing the page again. Its
 * first render must be the server's, so that language's messages are loaded first.
 */
export async function hydrate(container: HTMLElement, language: string): Promise<void> {
  seedFormattedMoney(inlineFormattedMoney())
  if (isLanguage(language)) {
    await loadLanguage(language).catch((error: unknown) => console.error(error))
    renderInLanguage(
      language,
      container.dataset.languageSwitchable === 'true',
      inlineBusiness()?.locale ?? null,
    )
  }
  try {
    void initMonitoring(getRuntimeConfig()).catch((error: unknown) => console.error(error))
  } catch (error) {
    console.error(error)
  }
  // As a transition, React hydrates in slices and yields to the browser between them, so a
  // phone's main thread is never blocked for the whole page at once (Lighthouse's TBT).
  startTransition(() => {
    hydrateRoot(container, <AppRoot authAreas={null} embedded={embedded} />)
  })
  // A step past the start (the time step by a link, say) loads the wizard, which reads the
  // visitor's zone as it starts; the start screen alone (/booking) needs no zone.
  if (wizardRouteStep() !== 'start') setTimeout(warmTimeZoneData, 0)
}

function wizardRouteStep(): WizardRoute['step'] | undefined {
  const { pathname, search } = window.location
  return parseWizardRoute(embedded ? pathname.slice(EMBED_PREFIX.length) : pathname, search)?.step
}
