import { authSetup, keepProfile, keepSession, loadedProfile, reportedSession } from './auth-setup'

/*
 * The auth machine's start-up (auth.machine.ts): until the provider reports who is signed in.
 * A returning user's screens wait for the profile, so it is asked for with the stored token
 * while the provider restores the session, not after (a cold start's longest wait); once the
 * provider has reported, `checkingProfile` keeps that profile when it is the reported user's.
 */

/** From the machine's start until the provider's first report (or a sign-in the user starts). */
export const initializingState = authSetup.createStateConfig({
  initial: 'unknown',
  states: {
    unknown: { always: { guard: 'wasRememberedSignedIn', target: 'remembered' } },
    // The stored flag says the last visit ended signed in: the route guard trusts it, and the
    // profile is asked for now. If that fails it is asked for again once the provider has
    // reported.
    remembered: {
      tags: ['authenticated'],
      initial: 'fetchingProfile',
      states: {
        fetchingProfile: {
          on: {
            // The provider may report before the profile is in (a busy API, a fast session
            // restore): the answer asked for with the stored token is waited for, not dropped
            // and asked for again with the screen's early calls; `checkingProfile` then keeps
            // it only if it is the reported user's.
            'auth.stateChanged': {
              guard: 'reportsUser',
              actions: keepSession(reportedSession),
            },
          },
          invoke: {
            id: 'loadProfile',
            src: 'loadProfile',
            onDone: [
              {
                guard: 'hasReportedUser',
                target: '#auth.signedIn',
                actions: keepProfile(loadedProfile),
              },
              { target: 'profileFetched', actions: keepProfile(loadedProfile) },
            ],
            onError: [{ guard: 'hasReportedUser', target: '#auth.signedIn' }, 'profileFetched'],
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
})

/**
 * The first state of the signed-in profile region: the profile fetched while initializing
 * stands when it is the reported user's; otherwise (none, a failed early call, someone else's)
 * it is loaded, and the screen's early answers, asked for with the same stored token, are not
 * taken either: they may be another user's business.
 */
export const checkingProfileState = authSetup.createStateConfig({
  always: [
    { guard: 'hasProfileOfUser', target: 'ready' },
    { target: 'loadingProfile', actions: 'dropEarlyAnswers' },
  ],
})
