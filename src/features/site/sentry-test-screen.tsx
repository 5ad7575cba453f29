import * as Sentry from '@sentry/react'
import { useToast } from '../../app/toast-context'

/** Checks error tracking end to end: one real uncaught error, one plain message. */
export function SentryTestScreen() {
  const toast = useToast()
  const monitoringOn = Sentry.getClient() !== undefined

  const throwError = () => {
    // Thrown from an event handler on purpose: it escapes React and reaches Sentry's global
    // handler exactly as a real bug in a click handler would.
    throw new Error(`Sentry test error from Slotwise (${new Date().toISOString()})`)
  }

  const sendMessage = () => {
    const eventId = Sentry.captureMessage('Sentry test message from Slotwise', 'info')
    if (monitoringOn) toast.success(`Test message sent to Sentry (event ${eventId}).`)
    else toast.warn('Monitoring is off on this deployment (no Sentry DSN), so nothing was sent.')
  }

  return (
    <div className="p-stack-lg">
      <section className="p-card p-stack">
        <h2>Error tracking</h2>
        <p>
          Monitoring is{' '}
          {monitoringOn ? (
            <span className="p-badge p-badge--success">on</span>
          ) : (
            <span className="p-badge p-badge--warn">off — no Sentry DSN configured</span>
          )}
        </p>
        <p className="p-muted">
          “Throw a test error” throws an uncaught error from the button’s click handler; nothing
          changes on this page, and the error appears in Sentry (and in the browser console). “Send
          a test message” records an informational message.
        </p>
        <div className="p-row">
          <button type="button" className="p-button p-button--danger" onClick={throwError}>
            Throw a test error
          </button>
          <button type="button" className="p-button" onClick={sendMessage}>
            Send a test message
          </button>
        </div>
      </section>
    </div>
  )
}
