import { assertEvent, assign } from 'xstate'
import {
  type AuthEvent,
  type AuthResult,
  type AuthUser,
  authSetup,
  type BusinessSetup,
  keepProfile,
  keepSession,
  loadedProfile,
  type NewAccount,
  PROFILE_ERROR,
  reportedSession,
  type Session,
  UNEXPECTED_AUTH_ERROR,
  type UnauthorizedRequest,
} from './auth-setup'
import { checkingProfileState, initializingState } from './auth-start-states'

// What the app and its tests name the machine by: its types and constants, from its setup.
export type {
  AuthContext,
  AuthEvent,
  AuthInput,
  AuthResult,
  AuthUser,
  BusinessSetup,
  NewAccount,
  Profile,
  SignOutResult,
  UnauthorizedRequest,
} from './auth-setup'
export { MAX_REFRESH_ATTEMPTS, PROFILE_ERROR, UNEXPECTED_AUTH_ERROR } from './auth-setup'

// Param builders shared by the three provider calls.
const sessionOf = ({ event }: { event: { output: AuthResult } }): Session => ({
  user: event.output.user as AuthUser,
  token: event.output.token,
})
const failureOf = ({ event }: { event: { output: { error: string | null } } }) => ({
  message: event.output.error ?? UNEXPECTED_AUTH_ERROR,
})
const unexpectedFailure = { message: UNEXPECTED_AUTH_ERROR }
const resultOf = ({ event }: { event: { output: AuthResult } }) => event
const receivedProfile = ({ event }: { event: AuthEvent }) => {
  assertEvent(event, 'auth.profileReceived')
  return { profile: event.profile }
}

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
export const authMachine = authSetup.createMachine({
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
    initializing: initializingState,

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
              actions: [...keepProfile(receivedProfile), 'clearError'],
            },
            'auth.reloadProfile': '.loadingProfile',
          },
          states: {
            checkingProfile: checkingProfileState,
            loadingProfile: {
              entry: 'clearError',
              invoke: {
                id: 'loadProfile',
                src: 'loadProfile',
                onDone: { target: 'ready', actions: keepProfile(loadedProfile) },
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
