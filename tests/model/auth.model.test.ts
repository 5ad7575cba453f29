/**
 * Model-based test of the auth machine (see support/describe-model.ts): every path of its
 * graph replayed on a fresh actor whose effects are parked fakes, with full coverage of states
 * and transitions asserted on the live actors. The machine starts with and without the stored
 * "was signed in" flag; the second start only differs at first, so only its first state's
 * edges are replayed again.
 */
import { describe } from 'vitest'
import { type AuthEvent, authMachine } from '../../src/machines/auth.machine'
import { describeModel } from '../support/model/describe-model'
import { done, failed, type ModelEvent } from '../support/model/sample-events'
import {
  alice,
  aliceSignedIn,
  bob,
  createAuthHarness,
  failedSignIn,
  sampleProfile,
} from '../support/unit/auth-harness'

type AuthSnapshot = ReturnType<ReturnType<typeof createAuthHarness>['actor']['getSnapshot']>

/** The only two parked 401s the model sends; more add states, not behaviour. */
const MAX_PARKED = 2

/** A 401 the API client parks for the machine; each step gets its own request. */
const unauthorized = (): AuthEvent => ({
  type: 'http.unauthorized',
  request: new Request('http://127.0.0.1/api/v1/me/'),
  response: new Response(null, { status: 401 }),
  resolve: () => {},
  reject: () => {},
})

const threw = (actor: string) => failed(actor, new Error(`${actor} threw`), 'threw')

/** Sample payloads: every provider call can succeed, report a failure, or throw. */
const sampleEvents: ModelEvent<AuthEvent>[] = [
  { type: 'auth.signIn', email: alice.email, password: 'Secret-123' },
  { type: 'auth.signUp', email: bob.email, password: 'Secret-123!', displayName: bob.displayName },
  { type: 'auth.signInWithGoogle' },
  { type: 'auth.signOut' },
  { type: 'auth.stateChanged', user: alice, token: 'token-alice', name: 'alice' },
  { type: 'auth.stateChanged', user: bob, token: 'token-bob', name: 'bob' },
  { type: 'auth.stateChanged', user: null, token: null, name: 'signed out' },
  { type: 'auth.profileReceived', profile: sampleProfile, name: 'profile' },
  { type: 'auth.reloadProfile' },
  { ...unauthorized(), name: '401' },
  done('signIn', aliceSignedIn, 'ok'),
  done('signIn', failedSignIn('The e-mail address or password is incorrect.'), 'failure'),
  threw('signIn'),
  done('signUp', { user: bob, token: 'token-bob', error: null }, 'ok'),
  done('signUp', failedSignIn('An account with this e-mail address already exists.'), 'failure'),
  threw('signUp'),
  done('signInWithGoogle', aliceSignedIn, 'ok'),
  done('signInWithGoogle', failedSignIn('The Google sign-in window was closed.'), 'failure'),
  threw('signInWithGoogle'),
  done('signOut', { error: null }, 'ok'),
  done('signOut', { error: 'Could not reach the sign-in service.' }, 'failure'),
  threw('signOut'),
  done('loadProfile', sampleProfile, 'ok'),
  threw('loadProfile'),
  done('refreshToken', 'token-refreshed', 'ok'),
  threw('refreshToken'),
  // JSON alone would merge these two (a Response stringifies as {}); their names do not.
  done('replayRequest', new Response(null, { status: 200 }), '200'),
  done('replayRequest', new Response(null, { status: 401 }), '401'),
  threw('replayRequest'),
]

describe('auth machine paths from its graph', () => {
  describeModel({
    name: 'auth',
    machine: authMachine,
    starts: [
      { input: { rememberedSignIn: false } },
      {
        prefix: '[stored flag] ',
        input: { rememberedSignIn: true },
        edgesFrom: (snapshot: AuthSnapshot) => snapshot.matches('initializing'),
      },
    ],
    events: sampleEvents,
    offers: (snapshot: AuthSnapshot, event) =>
      snapshot.can(event as AuthEvent) &&
      !(event.type === 'http.unauthorized' && snapshot.context.pending.length >= MAX_PARKED),
    observe: (snapshot: AuthSnapshot) => {
      const { context } = snapshot
      return {
        value: snapshot.value,
        user: context.user?.uid ?? null,
        profile: context.profile?.tenant.id ?? null,
        error: context.error,
        refreshAttempt: context.refreshAttempt,
        parked: context.pending.length,
        authenticated: snapshot.hasTag('authenticated'),
        busy: snapshot.hasTag('busy'),
      }
    },
    harness: (input, inspect) => {
      const harness = createAuthHarness({ input, inspect })
      return {
        actor: harness.actor,
        effects: harness.effects,
        deliver: (event) => {
          if (event.type !== 'http.unauthorized') return false
          harness.actor.send(unauthorized())
          return true
        },
      }
    },
  })
})
