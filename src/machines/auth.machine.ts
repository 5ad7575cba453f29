import { assertEvent, assign, fromPromise, setup } from 'xstate'
import type { components } from '../../shared/contract/schema'

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

type Session = { user: AuthUser; token: string | null }

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

// Param builders shared by the three provider calls and the listener's reports.
const sessionOf = ({ event }: { event: { output: AuthResult } }): Session => ({
  user: event.output.user as AuthUser,
  token: event.output.token,
})
const failureOf = ({ event }: { event: { output: { error: string | null } } }) => ({
  message: event.output.error ?? UNEXPECTED_AUTH_ERROR,
})
const unexpectedFailure = { message: UNEXPECTED_AUTH_ERROR }
const reportedSession = ({ event }: { event: AuthEvent }): Session => {
  assertEvent(event, 'auth.stateChanged')
  return { user: event.user as AuthUser, token: event.token }
}
const resultOf = ({ event }: { event: { output: AuthResult } }) => event

/** Taking a session: into the context, and into storage for the next visit. */
const keepSession = <Params>(params: Params) =>
  [
    { type: 'signInAs', params },
    { type: 'storeSession', params },
  ] as const

/** A failure the user is told about: kept for the form, and said in a toast. */
const sayFailure = <Params>(params: Params) =>
  [
    { type: 'failWith', params },
    { type: 'notifyError', params },
  ] as const

const passwordOf = ({ event }: { event: AuthEvent }) => {
  assertEvent(event, 'auth.signIn')
  return { email: event.email, password: event.password }
}
const newAccountOf = ({ event }: { event: AuthEvent }): NewAccount => {
  assertEvent(event, 'auth.signUp')
  const { email, password, displayName, business } = event
  return { email, password, displayName, business }
}
const googleBusinessOf = ({ event }: { event: AuthEvent }): { business?: BusinessSetup } => {
  assertEvent(event, 'auth.signInWithGoogle')
  return { business: event.business }
}

/**
 * The one way every provider call ends (password, sign-up, Google): its result signs the user
 * in, or it goes back to idle saying why; a call that throws says the generic sentence.
 * Written once so the providers cannot drift apart.
 */
const providerCall = <Src extends 'signIn' | 'signUp' | 'signInWithGoogle'>(src: Src) =>
  ({
    id: src,
    src,
    onDone: [
      {
        guard: { type: 'isSignedInResult', params: resultOf },
        target: '#auth.signedIn',
        actions: keepSession(sessionOf),
      },
      { target: 'idle', actions: sayFailure(failureOf) },
    ],
    onError: { target: 'idle', actions: sayFailure(unexpectedFailure) },
  }) as const

/** A state that runs one provider call: busy, with the last failure cleared. */
const callingProvider = <Invoke>(invoke: Invoke) =>
  ({ tags: ['busy'], entry: 'clearError', invoke }) as const

/**
 * Who is signed in, their profile, and the 401 refresh-and-replay flow. Effects (provider
 * calls, HTTP, storage, navigation, toasts) are injected with `authMachine.provide`.
 *
 * Tags: `authenticated` while signed in (and while initializing when the stored flag says a
 * session existed), `busy` while a provider call runs.
 */
export const authMachine = setup({
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
    hasProfileOfUser: ({ context }) =>
      context.profile !== null && context.profile.user.uid === context.user?.uid,
    hasPendingRequests: ({ context }) => context.pending.length > 0,
    canRefreshAgain: ({ context }) => context.refreshAttempt < MAX_REFRESH_ATTEMPTS,
  },
}).createMachine({
  id: 'auth',
  initial: 'initializing',
  context: ({ input }) => ({
    user: null,
    profile: null,
    error: null,
    refreshAttempt: 0,
    pending: [],
    refreshedToken: null,
    rememberedSignIn: input?.rememberedSignIn ?? false,
  }),
  on: {
    // Anywhere not handled below (initializing, mid-refresh) a 401 waits its turn.
    'http.unauthorized': { actions: 'enqueueRequest' },
  },
  states: {
    initializing: {
      initial: 'unknown',
      states: {
        unknown: { always: { guard: 'wasRememberedSignedIn', target: 'remembered' } },
        // A returning user's screens wait for the profile: it is asked for with the stored
        // token while the provider restores the session, not after (a cold start's longest
        // wait). If that fails it is asked for again once the provider has reported.
        remembered: {
          tags: ['authenticated'],
          initial: 'fetchingProfile',
          states: {
            fetchingProfile: {
              invoke: {
                id: 'loadProfile',
                src: 'loadProfile',
                onDone: {
                  target: 'profileFetched',
                  actions: [
                    assign({ profile: ({ event }) => event.output }),
                    { type: 'storeProfile', params: ({ event }) => ({ profile: event.output }) },
                  ],
                },
                onError: 'profileFetched',
              },
            },
            /** Fetched, or failed and left to signedIn: either way, waiting for the provider. */
            profileFetched: {},
          },
        },
      },
      on: {
        'auth.stateChanged': [
          {
            guard: 'reportsUser',
            target: 'signedIn',
            actions: keepSession(reportedSession),
          },
          { target: 'signedOut', actions: ['clearAll', 'resetSession'] },
        ],
        // The provider module may still be loading; a quick user need not wait for it.
        'auth.signIn': 'signedOut.signingIn',
        'auth.signUp': 'signedOut.signingUp',
        'auth.signInWithGoogle': 'signedOut.signingInWithGoogle',
        'auth.signOut': 'signedOut.signingOut',
      },
    },

    signedOut: {
      initial: 'idle',
      entry: ['releasePending', 'dropPending'],
      on: {
        'http.unauthorized': { actions: 'releaseRequest' },
      },
      states: {
        idle: {
          on: {
            'auth.signIn': 'signingIn',
            'auth.signUp': 'signingUp',
            'auth.signInWithGoogle': 'signingInWithGoogle',
            // Signed in elsewhere: another tab shares the provider's session.
            'auth.stateChanged': {
              guard: 'reportsUser',
              target: '#auth.signedIn',
              actions: keepSession(reportedSession),
            },
          },
        },
        // While a provider call runs its own result decides; the listener's reports about the
        // same sign-in (or a half-made sign-up) are ignored.
        signingIn: callingProvider({ ...providerCall('signIn'), input: passwordOf }),
        signingUp: callingProvider({ ...providerCall('signUp'), input: newAccountOf }),
        signingInWithGoogle: callingProvider({
          ...providerCall('signInWithGoogle'),
          input: googleBusinessOf,
        }),
        // Local data goes first, so a slow or failing provider cannot leave a session behind
        // on a shared computer.
        signingOut: {
          tags: ['busy'],
          entry: ['clearAll', 'resetSession', 'clearError'],
          invoke: {
            id: 'signOut',
            src: 'signOut',
            onDone: [
              {
                guard: { type: 'isFailedSignOut', params: ({ event }) => event },
                target: 'idle',
                actions: sayFailure(failureOf),
              },
              { target: 'idle' },
            ],
            onError: {
              target: 'idle',
              actions: sayFailure(unexpectedFailure),
            },
          },
        },
      },
    },

    signedIn: {
      type: 'parallel',
      tags: ['authenticated'],
      entry: 'clearError',
      on: {
        'auth.signOut': 'signedOut.signingOut',
        'auth.stateChanged': [
          // Signed out elsewhere, or the provider revoked the session.
          { guard: 'reportsNoUser', target: 'signedOut', actions: ['clearAll', 'resetSession'] },
          {
            guard: 'reportsDifferentUser',
            target: 'signedIn',
            reenter: true,
            actions: ['resetSession', ...keepSession(reportedSession)],
          },
          // The same user: a refreshed token (or a new display name) to keep.
          {
            actions: keepSession(reportedSession),
          },
        ],
      },
      states: {
        // Profile events are handled here, not on signedIn: a transition from the parallel
        // parent would re-enter the session region too and restart a running refresh.
        profile: {
          initial: 'checkingProfile',
          on: {
            'auth.profileReceived': {
              target: '.ready',
              actions: [
                assign({ profile: ({ event }) => event.profile, error: null }),
                { type: 'storeProfile', params: ({ event }) => ({ profile: event.profile }) },
              ],
            },
            'auth.reloadProfile': '.loadingProfile',
          },
          states: {
            // The profile fetched while initializing, when it is the reported user's, stands.
            checkingProfile: {
              always: [
                { guard: 'hasProfileOfUser', target: 'ready' },
                { target: 'loadingProfile' },
              ],
            },
            loadingProfile: {
              entry: 'clearError',
              invoke: {
                id: 'loadProfile',
                src: 'loadProfile',
                onDone: {
                  target: 'ready',
                  actions: [
                    assign({ profile: ({ event }) => event.output }),
                    { type: 'storeProfile', params: ({ event }) => ({ profile: event.output }) },
                  ],
                },
                onError: {
                  target: 'profileFailed',
                  actions: assign({ profile: null, error: PROFILE_ERROR }),
                },
              },
            },
            ready: {},
            profileFailed: {},
          },
        },

        // The 401 flow: force a new ID token and replay the request with it, at most
        // MAX_REFRESH_ATTEMPTS refreshes per request; then give up and send the user to /login.
        session: {
          initial: 'valid',
          states: {
            valid: {
              always: { guard: 'hasPendingRequests', target: 'refreshing' },
              on: {
                'http.unauthorized': { target: 'refreshing', actions: 'enqueueRequest' },
              },
            },
            refreshing: {
              initial: 'refreshingToken',
              entry: 'resetAttempts',
              states: {
                refreshingToken: {
                  entry: 'startNextAttempt',
                  invoke: {
                    id: 'refreshToken',
                    src: 'refreshToken',
                    onDone: {
                      target: 'replaying',
                      actions: [
                        assign({ refreshedToken: ({ event }) => event.output }),
                        { type: 'storeToken', params: ({ event }) => ({ token: event.output }) },
                      ],
                    },
                    onError: 'attemptFailed',
                  },
                },
                replaying: {
                  invoke: {
                    id: 'replayRequest',
                    src: 'replayRequest',
                    input: ({ context }) => ({
                      request: (context.pending[0] as UnauthorizedRequest).request,
                      token: context.refreshedToken ?? '',
                    }),
                    onDone: [
                      {
                        guard: {
                          type: 'isUnauthorizedResponse',
                          params: ({ event }) => ({ response: event.output }),
                        },
                        target: 'attemptFailed',
                        actions: {
                          type: 'keepLatestResponse',
                          params: ({ event }) => ({ response: event.output }),
                        },
                      },
                      {
                        target: 'settled',
                        actions: [
                          {
                            type: 'resolveHead',
                            params: ({ event }) => ({ response: event.output }),
                          },
                          'dropHead',
                        ],
                      },
                    ],
                    // A network failure or timeout is not an auth problem: pass it on.
                    onError: {
                      target: 'settled',
                      actions: [
                        { type: 'rejectHead', params: ({ event }) => ({ reason: event.error }) },
                        'dropHead',
                      ],
                    },
                  },
                },
                attemptFailed: {
                  always: [
                    { guard: 'canRefreshAgain', target: 'refreshingToken' },
                    {
                      target: '#auth.signedOut',
                      actions: [
                        'clearSessionKeys',
                        'resetSession',
                        'endProviderSession',
                        'goToLogin',
                      ],
                    },
                  ],
                },
                // 401s that queued up meanwhile are replayed with the fresh token first; they
                // refresh again only if that still gets a 401.
                settled: {
                  entry: 'resetAttempts',
                  always: [
                    { guard: 'hasPendingRequests', target: 'replaying' },
                    { target: '#auth.signedIn.session.valid' },
                  ],
                },
              },
            },
          },
        },
      },
    },
  },
})

export type AuthMachine = typeof authMachine
