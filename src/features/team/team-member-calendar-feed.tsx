import { useEffect, useId, useState } from 'react'
import { Button } from 'react-aria-components'
import { Link } from 'wouter'
import { useToast } from '../../app/toast-context'
import { loadCalendarFeed, rotateCalendarFeed } from './api'

type FeedState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; url: string; rotating: boolean; confirmRotate: boolean }

/**
 * The member's private calendar feed: a secret URL to subscribe to in Google or Apple Calendar,
 * so their appointments show next to their own events. Anyone with the URL can read the feed,
 * so it can be replaced by a new one, which ends the old.
 */
export function TeamMemberCalendarFeed({
  teamMemberId,
  name,
  isOwn,
}: {
  teamMemberId: string
  name: string
  isOwn: boolean
}) {
  const toast = useToast()
  const urlId = useId()
  const [state, setState] = useState<FeedState>({ status: 'loading' })

  useEffect(() => {
    let current = true
    loadCalendarFeed(teamMemberId).then(
      (url) => current && setState({ status: 'ready', url, rotating: false, confirmRotate: false }),
      (error: unknown) =>
        current &&
        setState({
          status: 'failed',
          message: error instanceof Error ? error.message : 'The feed could not be loaded.',
        }),
    )
    return () => {
      current = false
    }
  }, [teamMemberId])

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url)
      toast.success('The calendar feed URL is on your clipboard.', 'Copied')
    } catch {
      toast.warn('Copying is not allowed here: select the URL and copy it yourself.')
    }
  }

  const rotate = async () => {
    if (state.status !== 'ready') return
    setState({ ...state, rotating: true })
    try {
      const url = await rotateCalendarFeed(teamMemberId)
      setState({ status: 'ready', url, rotating: false, confirmRotate: false })
      toast.success('The old feed URL no longer works; subscribe with the new one.', 'New URL')
    } catch (error) {
      setState({ ...state, rotating: false, confirmRotate: false })
      toast.error(error instanceof Error ? error.message : 'The feed URL could not be replaced.')
    }
  }

  return (
    <section className="p-form-section" aria-labelledby="member-calendar-feed">
      <h2 id="member-calendar-feed" className="p-form-section__title">
        Calendar feed
      </h2>
      <p className="p-form-section__intro">
        Subscribe to this address in Google Calendar (Other calendars → From URL) or Apple Calendar
        (File → New Calendar Subscription) to see {isOwn ? 'your' : `${name}’s`} appointments there.
        Keep it private: anyone with it can read the appointments. To have busy times there block
        bookings, and bookings added straight into a calendar, use{' '}
        <Link href={`/team/${teamMemberId}/calendars`}>Calendars</Link>.
      </p>
      {state.status === 'loading' ? (
        <p role="status" className="p-muted">
          Loading the feed URL…
        </p>
      ) : null}
      {state.status === 'failed' ? (
        <p role="alert" className="p-field__error">
          {state.message}
        </p>
      ) : null}
      {state.status === 'ready' ? (
        <div className="p-stack-sm">
          <div className="p-field">
            <label htmlFor={urlId} className="p-field__label">
              Feed URL
            </label>
            <input
              id={urlId}
              className="p-input"
              readOnly
              value={state.url}
              onFocus={(event) => event.currentTarget.select()}
            />
          </div>
          <div className="p-row">
            <Button className="p-button" onPress={() => void copy(state.url)}>
              Copy URL
            </Button>
            {state.confirmRotate ? (
              <>
                <Button
                  className="p-button p-button--danger"
                  isDisabled={state.rotating}
                  onPress={() => void rotate()}
                >
                  {state.rotating ? 'Replacing…' : 'Yes, replace it'}
                </Button>
                <Button
                  className="p-button"
                  isDisabled={state.rotating}
                  onPress={() => setState({ ...state, confirmRotate: false })}
                >
                  Keep the current URL
                </Button>
              </>
            ) : (
              <Button
                className="p-button"
                onPress={() => setState({ ...state, confirmRotate: true })}
              >
                Replace with a new URL…
              </Button>
            )}
          </div>
          {state.confirmRotate ? (
            <p role="alert" className="p-muted">
              Calendars subscribed with the current URL will stop updating.
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  )
}
