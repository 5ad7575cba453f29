import { type ReactNode, useRef } from 'react'
import { Redirect, useLocation, useSearch } from 'wouter'
import { AuthProvider, useAuthStatus } from '../app/auth-context'
import { LiveProvider } from '../app/live-context'
import { readIsAuthenticated } from '../app/storage'
import { AppToaster, ToastProvider } from '../app/toast-context'
import { LoadingIndicator } from '../components/loading-indicator'
import { MainLayout } from '../components/main-layout'
import type { AuthAreas } from './app-routes'
import { type AccessDecision, decideAccess, type GuardedArea } from './route-access'
import type { ScreenRoute } from './route-types'

// Everything here needs the auth context, so main.tsx loads this module with import() and only
// outside the booking area.

function useAccess(area: GuardedArea): AccessDecision {
  const status = useAuthStatus()
  const [path] = useLocation()
  const search = useSearch()
  // Remembers that this visit had a session: when it ends, a plain /login follows, without
  // a "return to" that would drop the next person to sign in on the previous user's page.
  const hadSession = useRef(false)
  if (status === 'signedIn') hadSession.current = true
  return decideAccess({
    area,
    status,
    storedFlag: readIsAuthenticated(),
    path,
    search,
    sessionEnded: hadSession.current && status === 'signedOut',
  })
}

function GuestArea({ children }: { children: ReactNode }) {
  const access = useAccess('guest')
  if (access.kind === 'redirect') return <Redirect to={access.to} replace />
  return children
}

function StaffArea({ route, children }: { route: ScreenRoute; children: ReactNode }) {
  const access = useAccess('staff')
  if (access.kind === 'redirect') return <Redirect to={access.to} replace />
  if (access.kind === 'wait') return <LoadingIndicator label="Checking your session…" fullPage />
  return (
    <MainLayout title={route.title} headerAction={route.headerAction}>
      {children}
    </MainLayout>
  )
}

// Live updates run for as long as someone is signed in, across every staff screen. Toasts live
// here too: no booking page shows one, so the booking area's first load does without them.
function SignedInProviders({ children }: { children: ReactNode }) {
  return (
    <ToastProvider>
      <AuthProvider>
        <LiveProvider>{children}</LiveProvider>
      </AuthProvider>
      <AppToaster />
    </ToastProvider>
  )
}

export const authAreas: AuthAreas = {
  Provider: SignedInProviders,
  GuestArea,
  StaffArea,
}
