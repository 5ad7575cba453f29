import { assertEvent, assign, fromPromise, setup } from 'xstate'
import type { components } from '../../shared/contract/schema'

/*
 * The auth machine's vocabulary (auth.machine.ts): its types, the effects the app provides
 * (placeholders here), its own actions and guards, and the action lists its states share. The
 * states are written on it: the start-up in auth-start-states.ts, the rest in auth.machine.ts.
 */

export type Profile = components['schemas']['Profile']
/** The business a new owner described at sign-up: its name, time zone and currency. */
export type BusinessSetup = components['schemas']['BusinessRegistration']

/** Who the identity provider says is signed in. */
export interface AuthUser {
  uid: string
  email: string | null
  displayName: string | null
}

/** The outcome of a provider sign-in: exactly one of `user` and `error` is null. */
export type AuthResult =
  | { user: AuthUser; token: string; error: null }
  | { user: null; token: null; error: string }

export interface SignOutResult {
  error: string | null
}

/**
 * A request the API answered with 401, parked until the machine has refreshed the token and
 * replayed it. `resolve` hands the caller the replayed response (or, when giving up, the last
 * 401); `reject` passes on a network failure of the replay.
 */
export interface UnauthorizedRequest {
  request: Request
  response: Response
  resolve: (response: Response) => void
  reject: (reason: unknown) => void
}

export type AuthEvent =
  | { type: 'auth.signIn'; email: string; password: string }
  | {
      type: 'auth.signUp'
      email: string
      password: string
      displayName: string
      business?: BusinessSetup
    }
  /** From the sign-up page, with the business a first Google sign-in creates. */
  | { type: 'auth.signInWithGoogle'; business?: BusinessSetup }
  | { type: 'auth.signOut' }
  /** From the provider's listener: also fires when the ID token is refreshed. */
  | { type: 'auth.stateChanged'; user: AuthUser | null; token: string | null }
  /** A live (websocket) profile update. */
  | { type: 'auth.profileReceived'; profile: Profile }
  | { type: 'auth.reloadProfile' }
  | ({ type: 'http.unauthorized' } & UnauthorizedRequest)

export interface AuthContext {
  user: AuthUser | null
  profile: Profile | null
  error: string | null
  /** Token refreshes spent on the request at the head of `pending`. */
  refreshAttempt: number
  /** 401s waiting for a refresh, oldest first; the head is the one being replayed. */
  pending: UnauthorizedRequest[]
  /** The token the last forced refresh produced, used to replay the rest of the queue. */
  refreshedToken: string | null
  rememberedSignIn: boolean
}

export interface AuthInput {
  /** The stored isAuthenticated flag: lets the route guard trust it until the provider reports. */
  rememberedSignIn?: boolean
}

export const MAX_REFRESH_ATTEMPTS = 3
export const PROFILE_ERROR = 'Failed to fetch user profile'
export const UNEXPECTED_AUTH_ERROR = 'Something went wrong while signing in. Please try again.'

export type Session = { user: AuthUser; token: string | null }

/** A sign-up: the account, and the business its first call creates (when given). */
export interface NewAccount {
  email: string
  password: string
  displayName: string
  business?: BusinessSetup | undefined
}

function provided(name: string): never {
  throw new Error(`${name} is provided by the app`)
}

/** The session the provider's listener reports. */
export const reportedSession = ({ event }: { event: AuthEvent }): Session => {
  assertEvent(event, 'auth.stateChanged')
  return { user: event.user as AuthUser, token: event.token }
}

/** Taking a session: into the context, and into storage for the next visit. */
export const keepSession = <Params>(params: Params) =>
  [
    { type: 'signInAs', params },
    { type: 'storeSession', params },
  ] as const

/** Taking a profile: into the context, and into storage (the business's data, its currency). */
export const keepProfile = <Params>(params: Params) =>
  [
    { type: 'setProfile', params },
    { type: 'storeProfile', params },
  ] as const

/** A loaded profile, from the answer of `loadProfile`. */
export const loadedProfile = ({ event }: { event: { output: Profile } }) => ({
  profile: event.output,
})

/** The machine's types, the effects the app provides, its own actions and its guards. */
export const authSetup = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as AuthInput | undefined,
  },
  actors: {
    signIn: fromPromise<AuthResult, { email: string; password: string }>(async () =>
      provided('signIn'),
    ),
    signUp: fromPromise<AuthResult, NewAccount>(async () => provided('signUp')),
    signInWithGoogle: fromPromise<AuthResult, { business?: BusinessSetup | undefined }>(async () =>
      provided('signInWithGoogle'),
    ),
    signOut: fromPromise<SignOutResult>(async () => provided('signOut')),
    loadProfile: fromPromise<Profile>(async () => provided('loadProfile')),
    /** Forces a new ID token; rejects when there is no one to refresh. */
    refreshToken: fromPromise<string>(async () => provided('refreshToken')),
    replayRequest: fromPromise<Response, { request: Request; token: string }>(async () =>
      provided('replayRequest'),
    ),
  },
  actions: {
    // Effects the app provides.
    storeSession: (_, _params: Session) => {},
    storeToken: (_, _params: { token: string }) => {},
    storeProfile: (_, _params: { profile: Profile }) => {},
    /** Removes the six keys of the session (the 401 give-up). */
    clearSessionKeys: () => {},
    /** Removes everything the app stores (sign-out). */
    clearAll: () => {},
    /** Forgets the answers a cold start asked for with the stored token. */
    dropEarlyAnswers: () => {},
    goToLogin: () => {},
    notifyError: (_, _params: { message: string }) => {},
    /** Ends the provider's session after a failed refresh, so a reload does not restore it. */
    endProviderSession: () => {},

    // Settling parked 401s: the callbacks travel with the event, so no import is involved.
    resolveHead: ({ context }, params: { response: Response }) => {
      context.pending[0]?.resolve(params.response)
    },
    rejectHead: ({ context }, params: { reason: unknown }) => {
      context.pending[0]?.reject(params.reason)
    },
    /** Nothing to refresh when signed out: the caller gets its 401 back. */
    releaseRequest: ({ event }) => {
      assertEvent(event, 'http.unauthorized')
      event.resolve(event.response)
    },
    releasePending: ({ context }) => {
      for (const parked of context.pending) parked.resolve(parked.response)
    },

    signInAs: assign((_, params: Session) => ({ user: params.user })),
    setProfile: assign((_, params: { profile: Profile }) => ({ profile: params.profile })),
    failWith: assign((_, params: { message: string }) => ({ error: params.message })),
    clearError: assign({ error: null }),
    resetSession: assign({ user: null, profile: null, refreshAttempt: 0, refreshedToken: null }),
    enqueueRequest: assign({
      pending: ({ context, event }) => {
        assertEvent(event, 'http.unauthorized')
        const { request, response, resolve, reject } = event
        return [...context.pending, { request, response, resolve, reject }]
      },
    }),
    dropHead: assign({ pending: ({ context }) => context.pending.slice(1) }),
    dropPending: assign({ pending: [] }),
    /** The caller gets the latest 401 if we end up giving up. */
    keepLatestResponse: assign({
      pending: ({ context }, params: { response: Response }) =>
        context.pending.map((parked, index) =>
          index === 0 ? { ...parked, response: params.response } : parked,
        ),
    }),
    startNextAttempt: assign({ refreshAttempt: ({ context }) => context.refreshAttempt + 1 }),
    resetAttempts: assign({ refreshAttempt: 0 }),
  },
  guards: {
    wasRememberedSignedIn: ({ context }) => context.rememberedSignIn,
    reportsUser: ({ event }) => event.type === 'auth.stateChanged' && event.user !== null,
    reportsNoUser: ({ event }) => event.type === 'auth.stateChanged' && event.user === null,
    reportsDifferentUser: ({ context, event }) =>
      event.type === 'auth.stateChanged' && event.user?.uid !== context.user?.uid,
    isSignedInResult: (_, params: { output: AuthResult }) => params.output.user !== null,
    isFailedSignOut: (_, params: { output: SignOutResult }) => params.output.error !== null,
    isUnauthorizedResponse: (_, params: { response: Response }) => params.response.status === 401,
    /** The provider has reported who is signed in (while the early profile was on its way). */
    hasReportedUser: ({ context }) => context.user !== null,
    hasProfileOfUser: ({ context }) =>
      context.profile !== null && context.profile.user.uid === context.user?.uid,
    hasPendingRequests: ({ context }) => context.pending.length > 0,
    canRefreshAgain: ({ context }) => context.refreshAttempt < MAX_REFRESH_ATTEMPTS,
  },
})
