import { StrictMode } from 'react'
import { Router } from 'wouter'
import { EMBED_PREFIX } from '../shared/booking-links'
import { AppErrorBoundary } from './components/app-error-boundary'
import { RouteFocusProvider } from './components/route-focus'
import { AppRoutes, type AuthAreas } from './routes/app-routes'

/**
 * The whole app's tree, the same in the browser (main.tsx) and in the booking pages' server
 * renderer (server-entry.tsx): a page the server rendered is hydrated by this very tree.
 * `embedded`: a frame on a business's website, the booking pages under /embed, every link
 * kept there. `ssrPath`/`ssrSearch`: the address, where there is no window to read it from.
 */
export function AppRoot({
  authAreas,
  embedded,
  ssrPath,
  ssrSearch,
}: {
  authAreas: AuthAreas | null
  embedded: boolean
  ssrPath?: string
  ssrSearch?: string
}) {
  const address = ssrPath === undefined ? {} : { ssrPath, ssrSearch: ssrSearch ?? '' }
  const routes = (
    <RouteFocusProvider>
      {embedded ? <AppRoutes authAreas={null} embedded /> : <AppRoutes authAreas={authAreas} />}
    </RouteFocusProvider>
  )
  return (
    <StrictMode>
      <AppErrorBoundary>
        <Router {...address} base={embedded ? EMBED_PREFIX : ''}>
          {authAreas ? <authAreas.Provider>{routes}</authAreas.Provider> : routes}
        </Router>
      </AppErrorBoundary>
    </StrictMode>
  )
}
