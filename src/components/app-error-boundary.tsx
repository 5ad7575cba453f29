import { ErrorBoundary } from '@sentry/react'
import type { ReactNode } from 'react'

/**
 * Last line of defence for render errors: reports them to Sentry (a no-op when monitoring is off)
 * and shows a way out instead of a blank page.
 */
export function AppErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary
      fallback={({ resetError, eventId }) => (
        <main className="p-crash" id="main-content">
          <div className="p-card p-crash__card" role="alert">
            <h1 className="p-crash__title">Something went wrong</h1>
            <p>
              This page hit an unexpected error. Trying again often helps; if it keeps happening,
              reload the page.
            </p>
            {eventId ? (
              <p className="p-crash__reference">
                Error reference: <code>{eventId}</code>
              </p>
            ) : null}
            <div className="p-crash__actions">
              <button type="button" className="p-button p-button--primary" onClick={resetError}>
                Try again
              </button>
              <button type="button" className="p-button" onClick={() => window.location.reload()}>
                Reload page
              </button>
            </div>
          </div>
        </main>
      )}
    >
      {children}
    </ErrorBoundary>
  )
}
