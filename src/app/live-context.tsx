import { useActorRef, useSelector } from '@xstate/react'
import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { fromPromise } from 'xstate'
import {
  createLiveSocketActor,
  type LiveAppointmentEvent,
  type LiveEvent,
  type LiveProfileEvent,
  liveSocketUrl,
} from '../api/live-socket'
import { type LiveStatus, liveMachine, liveStatusOf } from '../machines/live.machine'
import { AuthContext, useAuthStatus } from './auth-context'
import { readDomain } from './storage'

export type { LiveAppointmentEvent, LiveEvent, LiveProfileEvent } from '../api/live-socket'
export type { LiveStatus } from '../machines/live.machine'

type LiveListener = (event: LiveEvent) => void

interface LiveContextValue {
  subscribe(listener: LiveListener): () => void
}

const LiveContext = createContext<LiveContextValue | null>(null)
const LiveStatusContext = createContext<LiveStatus>('offline')

const loadFirebase = () => import(/* webpackChunkName: "firebase" */ './firebase')

/**
 * Keeps the live-updates socket open while someone is signed in (closed on sign-out), hands
 * pushed events to `useLiveEvents` listeners and pushed profiles to the auth machine. Must sit
 * inside `AuthProvider`.
 */
export function LiveProvider({ children }: { children: ReactNode }) {
  const authActor = AuthContext.useActorRef()
  const signedIn = useAuthStatus() === 'signedIn'
  const listeners = useRef(new Set<LiveListener>())

  const [logic] = useState(() =>
    liveMachine.provide({
      actors: {
        getToken: fromPromise<string, { forceRefresh: boolean }>(async ({ input }) => {
          const token = await (await loadFirebase()).getIdToken(input.forceRefresh)
          if (!token) throw new Error('No signed-in user to connect live updates for')
          return token
        }),
        socket: createLiveSocketActor({
          url: () => liveSocketUrl(readDomain(), window.location.origin),
        }),
      },
      actions: {
        deliverEvent: (_, { event }) => {
          for (const listener of listeners.current) {
            // One screen's failing listener must not keep the event from the others.
            try {
              listener(event)
            } catch (error) {
              console.error('A live-update listener failed', error)
            }
          }
        },
        receiveProfile: (_, { profile }) =>
          authActor.send({ type: 'auth.profileReceived', profile }),
      },
    }),
  )
  const actor = useActorRef(logic)
  const status = useSelector(actor, liveStatusOf)

  useEffect(() => {
    actor.send(signedIn ? { type: 'live.start' } : { type: 'live.stop' })
  }, [actor, signedIn])

  // Firebase refreshes the ID token before it expires; the open socket gets the new one, so
  // the server does not close it as expired.
  useEffect(() => {
    if (!signedIn) return
    let active = true
    let unsubscribe: (() => void) | undefined
    void loadFirebase()
      .then((firebase) => {
        if (!active) return
        unsubscribe = firebase.onAuthStateChanged((_user, token) => {
          if (token) actor.send({ type: 'live.tokenChanged', token })
        })
      })
      .catch(() => {
        // Without the provider there is no token to refresh; the machine's own retries apply.
      })
    return () => {
      active = false
      unsubscribe?.()
    }
  }, [actor, signedIn])

  useEffect(() => {
    const onOnline = () => actor.send({ type: 'live.retryNow' })
    window.addEventListener('online', onOnline)
    return () => window.removeEventListener('online', onOnline)
  }, [actor])

  const value = useMemo<LiveContextValue>(
    () => ({
      subscribe(listener) {
        listeners.current.add(listener)
        return () => {
          listeners.current.delete(listener)
        }
      },
    }),
    [],
  )

  return (
    <LiveContext.Provider value={value}>
      <LiveStatusContext.Provider value={status}>{children}</LiveStatusContext.Provider>
    </LiveContext.Provider>
  )
}

/**
 * Calls `listener` with every live event (appointment created, updated or cancelled; profile
 * updated) while the calling component is mounted. The latest `listener` is used, so an inline
 * arrow function does not resubscribe on every render. Outside a `LiveProvider` it never fires.
 */
export function useLiveEvents(
  listener: (event: LiveAppointmentEvent | LiveProfileEvent) => void,
): void {
  const context = useContext(LiveContext)
  const latest = useRef(listener)
  latest.current = listener
  useEffect(() => context?.subscribe((event) => latest.current(event)), [context])
}

/** The live connection's state, for a small "Live" / "Reconnecting…" indicator. */
export function useLiveStatus(): LiveStatus {
  return useContext(LiveStatusContext)
}

/**
 * Calls `onReconnected` when the live connection is back after it was lost. Events sent
 * while it was down are gone, so a screen that shows live data loads it again here.
 */
export function useLiveReconnected(onReconnected: () => void): void {
  const status = useLiveStatus()
  const latest = useRef(onReconnected)
  latest.current = onReconnected
  const wasLive = useRef(false)
  const lostSinceLive = useRef(false)
  useEffect(() => {
    if (status === 'live') {
      if (lostSinceLive.current) latest.current()
      wasLive.current = true
      lostSinceLive.current = false
    } else if (wasLive.current) {
      lostSinceLive.current = true
    }
  }, [status])
}
