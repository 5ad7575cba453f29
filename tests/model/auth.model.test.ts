/**
 * Model-based test of the auth machine. Paths come from the machine's own graph
 * (`xstate/graph`): the shortest path to every reachable state, plus one path through every
 * edge of the graph (the shortest path to its source, then its event). Each path is replayed
 * on a fresh actor whose effects are controllable fakes: a user event is sent as is, and an
 * `xstate.done.actor.*` / `xstate.error.actor.*` step settles the running fake with that output
 * or error. After every step the live actor must be where the graph says.
 *
 * Coverage is measured on the live actors (inspected microsteps), not the graph, and the
 * last test fails if any state node or transition of the machine was never exercised.
 */
import { describe, expect, it } from 'vitest'
import type { EventObject } from 'xstate'
import type { TraversalOptions } from 'xstate/graph'
import {
  type AuthEvent,
  type AuthUser,
  authMachine,
  type Profile,
} from '../../src/machines/auth.machine'
import {
  alice,
  aliceSignedIn,
  bob,
  createAuthHarness,
  type EffectName,
  failedSignIn,
  sampleProfile,
} from '../unit/support/auth-harness'
import { createGraphCoverage } from './support/graph-coverage'
import { graphPaths, type NamedPath } from './support/graph-paths'

type AuthSnapshot = ReturnType<ReturnType<typeof createAuthHarness>['actor']['getSnapshot']>
// Graph steps mix user events with the done/error events of invoked actors.
type ModelEvent = AuthEvent | (EventObject & { output?: unknown; error?: unknown })

/** The only two parked 401s the model sends; more add states, not behaviour. */
const MAX_PARKED = 2

const unauthorized = (): ModelEvent => ({
  type: 'http.unauthorized',
  request: new Request('http://127.0.0.1/api/v1/me/'),
  response: new Response(null, { status: 401 }),
  resolve: () => {},
  reject: () => {},
})

const done = (actor: EffectName, output: unknown): ModelEvent => ({
  type: `xstate.done.actor.${actor}`,
  output,
})
const failed = (actor: EffectName): ModelEvent => ({
  type: `xstate.error.actor.${actor}`,
  error: new Error(`${actor} threw`),
})

/** Sample payloads: every provider call can succeed, report a failure, or throw. */
const sampleEvents: ModelEvent[] = [
  { type: 'auth.signIn', email: alice.email, password: 'Secret-123' },
  { type: 'auth.signUp', email: bob.email, password: 'Secret-123!', displayName: bob.displayName },
  { type: 'auth.signInWithGoogle' },
  { type: 'auth.signOut' },
  { type: 'auth.stateChanged', user: alice, token: 'token-alice' },
  { type: 'auth.stateChanged', user: bob, token: 'token-bob' },
  { type: 'auth.stateChanged', user: null, token: null },
  { type: 'auth.profileReceived', profile: sampleProfile },
  { type: 'auth.reloadProfile' },
  unauthorized(),
  done('signIn', aliceSignedIn),
  done('signIn', failedSignIn('The e-mail address or password is incorrect.')),
  failed('signIn'),
  done('signUp', { user: bob, token: 'token-bob', error: null }),
  done('signUp', failedSignIn('An account with this e-mail address already exists.')),
  failed('signUp'),
  done('signInWithGoogle', aliceSignedIn),
  done('signInWithGoogle', failedSignIn('The Google sign-in window was closed.')),
  failed('signInWithGoogle'),
  done('signOut', { error: null }),
  done('signOut', { error: 'Could not reach the sign-in service.' }),
  failed('signOut'),
  done('loadProfile', sampleProfile),
  failed('loadProfile'),
  done('refreshToken', 'token-refreshed'),
  failed('refreshToken'),
  done('replayRequest', new Response(null, { status: 200 })),
  done('replayRequest', new Response(null, { status: 401 })),
  failed('replayRequest'),
]

/** What a state is, for the graph and for comparing the live actor with it. */
function observe(snapshot: AuthSnapshot) {
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
}

function traversal(rememberedSignIn: boolean) {
  return {
    input: { rememberedSignIn },
    events: (snapshot: AuthSnapshot) =>
      sampleEvents.filter(
        (event) =>
          snapshot.can(event as AuthEvent) &&
          !(event.type === 'http.unauthorized' && snapshot.context.pending.length >= MAX_PARKED),
      ),
    serializeState: (snapshot: AuthSnapshot) => JSON.stringify(observe(snapshot)),
    // JSON alone would merge the 200 and 401 replays (a Response stringifies as {}).
    serializeEvent: (event: ModelEvent) => `${label(event)} ${JSON.stringify(event)}`,
    limit: 100_000,
  } as TraversalOptions<AuthSnapshot, ModelEvent, { rememberedSignIn: boolean }>
}

function label(event: ModelEvent): string {
  const { type } = event
  if ('output' in event) {
    const output = event.output
    if (output instanceof Response) return `${type}(${output.status})`
    if (typeof output === 'object' && output !== null && 'error' in output) {
      return `${type}(${output.error === null ? 'ok' : 'failure'})`
    }
    return `${type}(ok)`
  }
  if ('error' in event && type.startsWith('xstate.error')) return `${type}(threw)`
  if (type === 'auth.stateChanged') {
    return `${type}(${(event as { user: AuthUser | null }).user?.uid ?? 'null'})`
  }
  return type
}

interface FlaggedPath extends NamedPath<AuthSnapshot, ModelEvent> {
  rememberedSignIn: boolean
}

function generatePaths(rememberedSignIn: boolean): FlaggedPath[] {
  return graphPaths(authMachine, traversal(rememberedSignIn), label, {
    namePrefix: rememberedSignIn ? '[stored flag] ' : '',
    // With the stored flag only the start differs; its edges elsewhere repeat the other run.
    edgesFrom: rememberedSignIn ? (snapshot) => snapshot.matches('initializing') : undefined,
  }).map((named) => ({ ...named, rememberedSignIn }))
}

// Coverage, collected from the live actors.
const coverage = createGraphCoverage(authMachine)

async function replay({ rememberedSignIn, path }: FlaggedPath) {
  const harness = createAuthHarness({ input: { rememberedSignIn }, inspect: coverage.record })
  const { actor } = harness
  const expectState = (expected: AuthSnapshot, stepIndex: number) => {
    const live = actor.getSnapshot()
    coverage.markActive(live.value)
    expect(observe(live), `after step ${stepIndex}`).toEqual(observe(expected))
  }

  for (const [index, { event, state }] of path.steps.entries()) {
    if (event.type === 'xstate.init') {
      actor.start()
    } else if (event.type.startsWith('xstate.done.actor.')) {
      const name = event.type.slice('xstate.done.actor.'.length) as EffectName
      expect(harness.isRunning(name), `${name} should be running at step ${index}`).toBe(true)
      await harness.settle(name, { output: (event as { output: unknown }).output })
    } else if (event.type.startsWith('xstate.error.actor.')) {
      const name = event.type.slice('xstate.error.actor.'.length) as EffectName
      expect(harness.isRunning(name), `${name} should be running at step ${index}`).toBe(true)
      await harness.settle(name, { fails: (event as { error: unknown }).error })
    } else if (event.type === 'http.unauthorized') {
      actor.send(unauthorized() as AuthEvent)
    } else {
      actor.send(event as AuthEvent)
    }
    expectState(state, index)
  }
  expect(observe(actor.getSnapshot())).toEqual(observe(path.state))
  actor.stop()
}

const paths = [...generatePaths(false), ...generatePaths(true)]

describe('auth machine paths from its graph', () => {
  it('generates paths', () => {
    expect(paths.length).toBeGreaterThan(coverage.stateIds.length)
  })

  for (const namedPath of paths) {
    it(namedPath.name, () => replay(namedPath))
  }

  it('covered every state and every transition of the machine', () => {
    const { missedStates, missedTransitions, summary } = coverage.report(
      `auth model: ${paths.length} paths`,
    )
    console.info(summary)
    expect(missedStates, 'states no path reached').toEqual([])
    expect(missedTransitions, 'transitions no path took').toEqual([])
  })
})

// Keep the sample payloads honest: they must be the machine's own types.
const _typecheck: [AuthUser, Profile] = [alice, sampleProfile]
void _typecheck
