import { createActor, type InspectionEvent } from 'xstate'
import {
  clearAll,
  clearSessionKeys,
  createMemoryStore,
  storeProfile,
  storeSignIn,
  storeToken,
} from '../../../src/app/storage'
import {
  type AuthInput,
  type AuthResult,
  authMachine,
  type BusinessSetup,
  type NewAccount,
  type Profile,
  type SignOutResult,
} from '../../../src/machines/auth.machine'
import { sampleSubscription } from './billing-samples.ts'
import { createParkedEffects, type EffectOutcome } from './parked-effects'

type AuthImplementations = NonNullable<Parameters<typeof authMachine.provide>[0]>

/** The machine's injected actors, by the name it invokes them under. */
export const AUTH_EFFECTS = [
  'signIn',
  'signUp',
  'signInWithGoogle',
  'signOut',
  'loadProfile',
  'refreshToken',
  'replayRequest',
] as const
export type EffectName = (typeof AUTH_EFFECTS)[number]

/**
 * The auth machine with every effect faked in the open: each invoked actor waits until the
 * test settles it (`settle`), storage actions write the real storage helpers into an in-memory
 * store, and the other actions are recorded in order.
 */
export function createAuthHarness(
  options: {
    input?: AuthInput
    actors?: AuthImplementations['actors']
    inspect?: (event: InspectionEvent) => void
  } = {},
) {
  const store = createMemoryStore()
  const actions: string[] = []
  const notices: string[] = []
  const effects = createParkedEffects(AUTH_EFFECTS)
  const effect = effects.effect

  const machine = authMachine.provide({
    actors: {
      signIn: effect<AuthResult, { email: string; password: string }>('signIn'),
      signUp: effect<AuthResult, NewAccount>('signUp'),
      signInWithGoogle: effect<AuthResult, { business?: BusinessSetup | undefined }>(
        'signInWithGoogle',
      ),
      signOut: effect<SignOutResult, unknown>('signOut'),
      loadProfile: effect<Profile, unknown>('loadProfile'),
      refreshToken: effect<string, unknown>('refreshToken'),
      replayRequest: effect<Response, { request: Request; token: string }>('replayRequest'),
    },
    actions: {
      storeSession: (_, session) => {
        actions.push('storeSession')
        storeSignIn(session, store)
      },
      storeToken: (_, { token }) => {
        actions.push('storeToken')
        storeToken(token, store)
      },
      storeProfile: (_, { profile }) => {
        actions.push('storeProfile')
        storeProfile(profile, store)
      },
      clearSessionKeys: () => {
        actions.push('clearSessionKeys')
        clearSessionKeys(store)
      },
      clearAll: () => {
        actions.push('clearAll')
        clearAll(store)
      },
      goToLogin: () => {
        actions.push('goToLogin')
      },
      dropEarlyAnswers: () => {
        actions.push('dropEarlyAnswers')
      },
      endProviderSession: () => {
        actions.push('endProviderSession')
      },
      notifyError: (_, { message }) => {
        notices.push(message)
      },
    },
  })

  const actor = createActor(
    options.actors ? machine.provide({ actors: options.actors }) : machine,
    {
      input: options.input,
      inspect: options.inspect,
    },
  )

  return {
    actor,
    store,
    actions,
    notices,
    inputs: effects.inputs,
    effects,
    /** Whether the machine is currently waiting on this effect. */
    isRunning: effects.isRunning,
    /** Resolves (or with `fails`, rejects) the running effect, then lets the machine react. */
    settle: (name: EffectName, outcome: EffectOutcome) => effects.settle(name, outcome),
  }
}

export type AuthHarness = ReturnType<typeof createAuthHarness>

export const alice = { uid: 'uid-alice', email: 'alice@example.com', displayName: 'Alice Example' }
export const bob = { uid: 'uid-bob', email: 'bob@example.com', displayName: 'Bob Example' }

export const aliceSignedIn: AuthResult = { user: alice, token: 'token-alice', error: null }
export const bobSignedIn: AuthResult = { user: bob, token: 'token-bob', error: null }

export function failedSignIn(error: string): AuthResult {
  return { user: null, token: null, error }
}

export const sampleProfile: Profile = {
  user: { uid: alice.uid, email: alice.email, display_name: alice.displayName },
  subscription: sampleSubscription(),
  permission: 'owner',
  tenant: {
    id: '0b6f3c2e-3f7c-4a55-9d1e-6b0f2f0c9a11',
    name: 'Alice Hair Studio',
    slug: 'alice-hair-studio',
    time_zone: 'Europe/Berlin',
  },
  domain: 'https://api.alice.example',
  currency: 'EUR',
  default_calendar: 'week',
  team_member_id: null,
}
