import './styles/tokens.css'
import './styles/base.css'
import './styles/components.css'
import './styles/layout.css'
import { StrictMode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { Router } from 'wouter'
import { EMBED_PREFIX, isEmbedPath } from '../shared/booking-links'
import { initMonitoring } from './app/monitoring'
import { getRuntimeConfig } from './app/runtime-config'
import { AppErrorBoundary } from './components/app-error-boundary'
import { LoadingIndicator } from './components/loading-indicator'
import { RouteFocusProvider } from './components/route-focus'
import { applyInitialTheme } from './components/theme'
import { AppRoutes, type AuthAreas } from './routes/app-routes'
import { startsWithoutAuth } from './routes/booking-path'

// Before anything renders, so the first paint is already in the user's palette.
applyInitialTheme()

// A frame on a business's website: the booking pages under /embed, every link kept there.
const embedded = isEmbedPath(window.location.pathname)

function App({ authAreas }: { authAreas: AuthAreas | null }) {
  const routes = (
    <RouteFocusProvider>
      {embedded ? (
        <Router base={EMBED_PREFIX}>
          <AppRoutes authAreas={null} embedded />
        </Router>
      ) : (
        <AppRoutes authAreas={authAreas} />
      )}
    </RouteFocusProvider>
  )
  return (
    <StrictMode>
      <AppErrorBoundary>
        {authAreas ? <authAreas.Provider>{routes}</authAreas.Provider> : routes}
      </AppErrorBoundary>
    </StrictMode>
  )
}

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

async function start(root: Root) {
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
    root.render(<App authAreas={null} />)
    return
  }

  root.render(<LoadingIndicator fullPage />)
  try {
    const { authAreas } = await import('./routes/auth-areas')
    root.render(<App authAreas={authAreas} />)
  } catch (error) {
    console.error(error)
    root.render(
      <StartupFailed detail="Part of the app didn't load. Check your connection and reload the page." />,
    )
  }
}

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')
void start(createRoot(container))
