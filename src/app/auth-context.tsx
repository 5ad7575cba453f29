import { createActorContext } from '@xstate/react'
import { type ReactNode, useEffect, useMemo, useState } from 'react'
import { navigate } from 'wouter/use-browser-location'
import { fromPromise } from 'xstate'
import { ApiError } from '../api/api-error'
import { replayRequest, setUnauthorizedHandler } from '../api/client'
import { dropEarlyAnswers } from '../api/early-calls'
import { fetchProfile, registerBusiness } from '../api/profile'
import {
  type AuthResult,
  type AuthUser,
  authMachine,
  type BusinessSetup,
  type NewAccount,
  type Profile,
  type SignOutResult,
} from '../machines/auth.machine'
import {
  clearAll,
  clearSessionKeys,
  readIsAuthenticated,
  storeProfile,
  storeSignIn,
  storeToken,
} from './storage'
import { ToastContext } from './toast-context'

// The only way this module reaches Firebase: a separate chunk, fetched when auth starts.
const loadFirebase = () => import(/* webpackChunkName: "firebase" */ './firebase')

/** The auth machine with the browser's real effects. */
export const authLogic = authMachine.provide({
  actors: {
    signIn: fromPromise<AuthResult, { email: string; password: string }>(async ({ input }) =>
      (await loadFirebase()).signInWithEmail(input.email, input.password),
    ),
    signUp: fromPromise<AuthResult, NewAccount>(async ({ input }) =>
      withBusiness(
        await (await loadFirebase()).signUpWithEmail(
          input.email,
          input.password,
          input.displayName,
        ),
        input.business,
      ),
    ),
    signInWithGoogle: fromPromise<AuthResult, { business?: BusinessSetup | undefined }>(
      async ({ input }) =>
        withBusiness(await (await loadFirebase()).signInWithGoogle(), input.business),
    ),
    signOut: fromPromise<SignOutResult>(async () => (await loadFirebase()).signOut()),
    loadProfile: fromPromise<Profile>(() => fetchProfile()),
    refreshToken: fromPromise<string>(async () => {
      const token = await (await loadFirebase()).getIdToken(true)
      if (!token) throw new Error('No signed-in user whose token could be refreshed')
      return token
    }),
    replayRequest: fromPromise<Response, { request: Request; token: string }>(({ input }) =>
      replayRequest(input.request, input.token),
    ),
  },
  actions: {
    storeSession: (_, session) => storeSignIn(session),
    storeToken: (_, { token }) => storeToken(token),
    storeProfile: (_, { profile }) => storeProfile(profile),
    clearSessionKeys: () => {
      clearSessionKeys()
      dropEarlyAnswers()
    },
    clearAll: () => {
      clearAll()
      dropEarlyAnswers()
    },
    dropEarlyAnswers: () => dropEarlyAnswers(),
    goToLogin: () => navigate('/login', { replace: true }),
    // Replaced by AuthProvider with a toast; this only runs outside one.
    notifyError: (_, { message }) => console.error(message),
    endProviderSession: () => {
      void loadFirebase().then((firebase) => firebase.signOut())
    },
  },
})

/**
 * After a sign-up, creates the business the new owner described before anything else can
 * (the first /me call would create one in UTC). A user who already has a business (a Google
 * account signing up again) gets 409, which changes nothing; any other failure leaves the
 * first /me call to create it with defaults, which Settings can change, so it never stops a
 * sign-up that worked.
 */
async function withBusiness(
  result: AuthResult,
  business: BusinessSetup | undefined,
): Promise<AuthResult> {
  if (!result.token || !business) return result
  try {
    await registerBusiness(result.token, business)
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 409)) {
      console.error('The business could not be created as described', error)
    }
  }
  return result
}

export const AuthContext = createActorContext(authLogic)

/**
 * Runs the auth machine for the signed-in areas: feeds it the provider's auth-state reports
 * and the API client's 401s. Must sit inside `ToastProvider` (sign-in failures are toasts).
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const toastActor = ToastContext.useActorRef()
  const [logic] = useState(() =>
    authLogic.provide({
      actions: {
        notifyError: (_, { message }) =>
          toastActor.send({ type: 'toast.add', severity: 'error', detail: message }),
      },
    }),
  )
  const [options] = useState(() => ({ input: { rememberedSignIn: readIsAuthenticated() } }))
  return (
    <AuthContext.Provider logic={logic} options={options}>
      <AuthBridge />
      {children}
    </AuthContext.Provider>
  )
}

function AuthBridge() {
  const actor = AuthContext.useActorRef()

  useEffect(() => {
    setUnauthorizedHandler(
      (request, response) =>
        new Promise<Response>((resolve, reject) =>
          actor.send({ type: 'http.unauthorized', request, response, resolve, reject }),
        ),
    )
    let active = true
    let unsubscribe: (() => void) | undefined
    loadFirebase()
      .then((firebase) => {
        if (!active) return
        unsubscribe = firebase.onAuthStateChanged((user, token) =>
          actor.send({ type: 'auth.stateChanged', user, token }),
        )
      })
      .catch((error: unknown) => {
        // Without the provider nobody can be signed in; say so rather than spin forever.
        console.error('Could not load sign-in', error)
        if (active) actor.send({ type: 'auth.stateChanged', user: null, token: null })
      })
    return () => {
      active = false
      unsubscribe?.()
      setUnauthorizedHandler(null)
    }
  }, [actor])

  return null
}

export type AuthStatus = 'initializing' | 'signedOut' | 'signedIn'

export function useAuthStatus(): AuthStatus {
  return AuthContext.useSelector((snapshot) =>
    snapshot.matches('signedIn')
      ? 'signedIn'
      : snapshot.matches('signedOut')
        ? 'signedOut'
        : 'initializing',
  )
}

/**
 * What the route guard needs: signed in, or still initializing with the stored
 * isAuthenticated flag set (the machine reads that flag when it starts).
 */
export function useIsAuthenticated(): boolean {
  return AuthContext.useSelector((snapshot) => snapshot.hasTag('authenticated'))
}

export function useCurrentUser(): AuthUser | null {
  return AuthContext.useSelector((snapshot) => snapshot.context.user)
}

export function useProfile(): Profile | null {
  return AuthContext.useSelector((snapshot) => snapshot.context.profile)
}

/** The profile's load state while signed in; null when no one is signed in. */
export function useProfileStatus(): 'loading' | 'ready' | 'failed' | null {
  return AuthContext.useSelector((snapshot) => {
    if (snapshot.matches({ signedIn: { profile: 'ready' } })) return 'ready'
    if (snapshot.matches({ signedIn: { profile: 'profileFailed' } })) return 'failed'
    if (snapshot.matches({ signedIn: { profile: 'loadingProfile' } })) return 'loading'
    return null
  })
}

/** True while a sign-in, sign-up or sign-out call to the provider is running. */
export function useAuthBusy(): boolean {
  return AuthContext.useSelector((snapshot) => snapshot.hasTag('busy'))
}

/** The last sign-in/sign-out failure (a plain sentence) or 'Failed to fetch user profile'. */
export function useAuthError(): string | null {
  return AuthContext.useSelector((snapshot) => snapshot.context.error)
}

export interface AuthActions {
  signIn(email: string, password: string): void
  /** `business`: the business to create with the account (name, time zone, currency). */
  signUp(email: string, password: string, displayName: string, business?: BusinessSetup): void
  signInWithGoogle(business?: BusinessSetup): void
  signOut(): void
  reloadProfile(): void
  /** A live (websocket) profile update. */
  receiveProfile(profile: Profile): void
}

export function useAuthActions(): AuthActions {
  const actor = AuthContext.useActorRef()
  return useMemo(
    () => ({
      signIn: (email, password) => actor.send({ type: 'auth.signIn', email, password }),
      signUp: (email, password, displayName, business) =>
        actor.send({ type: 'auth.signUp', email, password, displayName, business }),
      signInWithGoogle: (business) => actor.send({ type: 'auth.signInWithGoogle', business }),
      signOut: () => actor.send({ type: 'auth.signOut' }),
      reloadProfile: () => actor.send({ type: 'auth.reloadProfile' }),
      receiveProfile: (profile) => actor.send({ type: 'auth.profileReceived', profile }),
    }),
    [actor],
  )
}
