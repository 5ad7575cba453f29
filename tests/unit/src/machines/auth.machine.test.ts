import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fromPromise } from 'xstate'
import { createApiClient, replayRequest, setUnauthorizedHandler } from '../../../../src/api/client'
import { fetchProfile } from '../../../../src/api/profile'
import { readAuthToken, storageKeys } from '../../../../src/app/storage'
import {
  MAX_REFRESH_ATTEMPTS,
  PROFILE_ERROR,
  UNEXPECTED_AUTH_ERROR,
} from '../../../../src/machines/auth.machine'
import {
  type AuthHarness,
  alice,
  aliceSignedIn,
  bob,
  createAuthHarness,
  failedSignIn,
  sampleProfile,
} from '../../../support/unit/auth-harness'
import { flush } from '../../../support/unit/parked-effects'
import {
  problem,
  sendJson,
  startTestServer,
  type TestServer,
} from '../../../support/unit/test-server'

const wrongPassword = 'The e-mail address or password is incorrect.'

function storedKeys(harness: AuthHarness) {
  return Object.fromEntries(
    Object.values(storageKeys).map((key) => [key, harness.store.getItem(key)]),
  )
}

function fillAllKeys(harness: AuthHarness) {
  for (const key of Object.values(storageKeys)) harness.store.setItem(key, `old-${key}`)
}

/** Harness started and told by the provider that nobody is signed in. */
function signedOutHarness() {
  const harness = createAuthHarness()
  harness.actor.start()
  harness.actor.send({ type: 'auth.stateChanged', user: null, token: null })
  return harness
}

async function signedInHarness() {
  const harness = createAuthHarness()
  harness.actor.start()
  harness.actor.send({ type: 'auth.stateChanged', user: alice, token: 'token-alice' })
  await harness.settle('loadProfile', { output: sampleProfile })
  return harness
}

describe('start-up', () => {
  it('waits in initializing until the provider reports, trusting the stored flag meanwhile', () => {
    const remembered = createAuthHarness({ input: { rememberedSignIn: true } })
    remembered.actor.start()
    expect(remembered.actor.getSnapshot().matches('initializing')).toBe(true)
    expect(remembered.actor.getSnapshot().hasTag('authenticated')).toBe(true)

    const stranger = createAuthHarness({ input: { rememberedSignIn: false } })
    stranger.actor.start()
    expect(stranger.actor.getSnapshot().matches('initializing')).toBe(true)
    expect(stranger.actor.getSnapshot().hasTag('authenticated')).toBe(false)
  })

  it('a report of no user signs out, clears storage and resets the profile', () => {
    const harness = createAuthHarness({ input: { rememberedSignIn: true } })
    fillAllKeys(harness)
    harness.actor.start()
    harness.actor.send({ type: 'auth.stateChanged', user: null, token: null })

    const snapshot = harness.actor.getSnapshot()
    expect(snapshot.matches({ signedOut: 'idle' })).toBe(true)
    expect(snapshot.hasTag('authenticated')).toBe(false)
    expect(snapshot.context.profile).toBeNull()
    expect(Object.values(storedKeys(harness)).every((value) => value === null)).toBe(true)
  })

  it('a restored session stores the user and token, then loads the profile', async () => {
    const harness = createAuthHarness()
    harness.actor.start()
    harness.actor.send({ type: 'auth.stateChanged', user: alice, token: 'token-alice' })

    expect(harness.actor.getSnapshot().matches({ signedIn: { profile: 'loadingProfile' } })).toBe(
      true,
    )
    expect(storedKeys(harness)).toMatchObject({
      authToken: 'token-alice',
      isAuthenticated: 'true',
      userId: alice.uid,
      userEmail: alice.email,
      userName: alice.displayName,
    })
    await harness.settle('loadProfile', { output: sampleProfile })
    expect(harness.actor.getSnapshot().context.profile).toEqual(sampleProfile)
  })
})

describe('a returning user (the stored flag set)', () => {
  it('fetches the profile while the provider restores the session, and keeps it for that user', async () => {
    const harness = createAuthHarness({ input: { rememberedSignIn: true } })
    harness.actor.start()
    expect(harness.isRunning('loadProfile')).toBe(true)
    await harness.settle('loadProfile', { output: sampleProfile })
    expect(harness.actor.getSnapshot().context.profile).toEqual(sampleProfile)
    expect(harness.actor.getSnapshot().matches('initializing')).toBe(true)

    harness.actor.send({ type: 'auth.stateChanged', user: alice, token: 'token-alice' })
    expect(harness.actor.getSnapshot().matches({ signedIn: { profile: 'ready' } })).toBe(true)
    expect(harness.isRunning('loadProfile')).toBe(false)
    expect(harness.inputs.loadProfile).toHaveLength(1)
    expect(harness.actions).not.toContain('dropEarlyAnswers')
  })

  it('waits for the early profile when the provider reports first, and keeps it for that user', async () => {
    const harness = createAuthHarness({ input: { rememberedSignIn: true } })
    harness.actor.start()
    harness.actor.send({ type: 'auth.stateChanged', user: alice, token: 'token-alice' })
    // Still the one call asked for with the stored token, not a second one.
    expect(harness.actor.getSnapshot().matches('initializing')).toBe(true)
    expect(harness.actor.getSnapshot().context.user).toEqual(alice)
    expect(harness.inputs.loadProfile).toHaveLength(1)

    await harness.settle('loadProfile', { output: sampleProfile })
    expect(harness.actor.getSnapshot().matches({ signedIn: { profile: 'ready' } })).toBe(true)
    expect(harness.inputs.loadProfile).toHaveLength(1)
    expect(harness.actions).not.toContain('dropEarlyAnswers')
  })

  it("drops a waited-for early profile that is not the reported user's, and one that failed", async () => {
    const someoneElse = createAuthHarness({ input: { rememberedSignIn: true } })
    someoneElse.actor.start()
    someoneElse.actor.send({ type: 'auth.stateChanged', user: bob, token: 'token-bob' })
    await someoneElse.settle('loadProfile', { output: sampleProfile })
    expect(
      someoneElse.actor.getSnapshot().matches({ signedIn: { profile: 'loadingProfile' } }),
    ).toBe(true)
    expect(someoneElse.actions).toContain('dropEarlyAnswers')

    const failed = createAuthHarness({ input: { rememberedSignIn: true } })
    failed.actor.start()
    failed.actor.send({ type: 'auth.stateChanged', user: alice, token: 'token-alice' })
    await failed.settle('loadProfile', { fails: new Error('401') })
    expect(failed.actor.getSnapshot().matches({ signedIn: { profile: 'loadingProfile' } })).toBe(
      true,
    )
    await failed.settle('loadProfile', { output: sampleProfile })
    expect(failed.actor.getSnapshot().context.profile).toEqual(sampleProfile)
  })

  it('asks again when the provider reports someone else, or when the early fetch failed', async () => {
    const someoneElse = createAuthHarness({ input: { rememberedSignIn: true } })
    someoneElse.actor.start()
    await someoneElse.settle('loadProfile', { output: sampleProfile })
    someoneElse.actor.send({ type: 'auth.stateChanged', user: bob, token: 'token-bob' })
    expect(
      someoneElse.actor.getSnapshot().matches({ signedIn: { profile: 'loadingProfile' } }),
    ).toBe(true)
    // The screen's early answers were asked for with the other user's stored token.
    expect(someoneElse.actions).toContain('dropEarlyAnswers')

    const expired = createAuthHarness({ input: { rememberedSignIn: true } })
    expired.actor.start()
    await expired.settle('loadProfile', { fails: new Error('401') })
    expired.actor.send({ type: 'auth.stateChanged', user: alice, token: 'token-alice' })
    expect(expired.actor.getSnapshot().matches({ signedIn: { profile: 'loadingProfile' } })).toBe(
      true,
    )
    await expired.settle('loadProfile', { output: sampleProfile })
    expect(expired.actor.getSnapshot().context.profile).toEqual(sampleProfile)
  })
})

describe('e-mail sign-in', () => {
  it('stores token, user id, e-mail, name and the flag on success', async () => {
    const harness = signedOutHarness()
    harness.actor.send({ type: 'auth.signIn', email: alice.email, password: 'Secret-123' })

    expect(harness.actor.getSnapshot().matches({ signedOut: 'signingIn' })).toBe(true)
    expect(harness.actor.getSnapshot().hasTag('busy')).toBe(true)
    expect(harness.inputs.signIn).toEqual([{ email: alice.email, password: 'Secret-123' }])

    await harness.settle('signIn', { output: aliceSignedIn })

    const snapshot = harness.actor.getSnapshot()
    expect(snapshot.hasTag('authenticated')).toBe(true)
    expect(snapshot.hasTag('busy')).toBe(false)
    expect(snapshot.context.user).toEqual(alice)
    expect(storedKeys(harness)).toEqual({
      authToken: 'token-alice',
      isAuthenticated: 'true',
      userId: alice.uid,
      userEmail: alice.email,
      userName: alice.displayName,
      businessData: null,
      currency: null,
      domain: null,
      subscription: null,
      calendarView: null,
    })
    expect(harness.isRunning('loadProfile')).toBe(true)
  })

  it('shows the provider failure as a sentence, in context and as an error toast', async () => {
    const harness = signedOutHarness()
    harness.actor.send({ type: 'auth.signIn', email: alice.email, password: 'nope' })
    await harness.settle('signIn', { output: failedSignIn(wrongPassword) })

    const snapshot = harness.actor.getSnapshot()
    expect(snapshot.matches({ signedOut: 'idle' })).toBe(true)
    expect(snapshot.hasTag('busy')).toBe(false)
    expect(snapshot.context.error).toBe(wrongPassword)
    expect(harness.notices).toEqual([wrongPassword])
    expect(readAuthToken(harness.store)).toBeNull()
  })

  it('a thrown provider call still ends in a readable error', async () => {
    const harness = signedOutHarness()
    harness.actor.send({ type: 'auth.signIn', email: alice.email, password: 'x' })
    await harness.settle('signIn', { fails: new Error('auth/internal-error') })

    expect(harness.actor.getSnapshot().context.error).toBe(UNEXPECTED_AUTH_ERROR)
    expect(harness.notices).toEqual([UNEXPECTED_AUTH_ERROR])
  })

  it('a new attempt clears the previous error', async () => {
    const harness = signedOutHarness()
    harness.actor.send({ type: 'auth.signIn', email: alice.email, password: 'nope' })
    await harness.settle('signIn', { output: failedSignIn(wrongPassword) })
    harness.actor.send({ type: 'auth.signIn', email: alice.email, password: 'Secret-123' })
    expect(harness.actor.getSnapshot().context.error).toBeNull()
  })

  it('ignores the listener while the sign-in call runs; the call decides', async () => {
    const harness = signedOutHarness()
    harness.actor.send({ type: 'auth.signIn', email: alice.email, password: 'nope' })
    harness.actor.send({ type: 'auth.stateChanged', user: alice, token: 'early' })
    expect(harness.actor.getSnapshot().matches({ signedOut: 'signingIn' })).toBe(true)
    await harness.settle('signIn', { output: failedSignIn(wrongPassword) })
    expect(harness.actor.getSnapshot().matches({ signedOut: 'idle' })).toBe(true)
  })
})

describe('e-mail sign-up', () => {
  it('passes the display name and stores the new session', async () => {
    const harness = signedOutHarness()
    harness.actor.send({
      type: 'auth.signUp',
      email: bob.email,
      password: 'Secret-123!',
      displayName: bob.displayName,
    })
    expect(harness.actor.getSnapshot().hasTag('busy')).toBe(true)
    expect(harness.inputs.signUp).toEqual([
      { email: bob.email, password: 'Secret-123!', displayName: bob.displayName },
    ])
    await harness.settle('signUp', {
      output: { user: bob, token: 'token-bob', error: null },
    })
    expect(harness.actor.getSnapshot().hasTag('authenticated')).toBe(true)
    expect(storedKeys(harness)).toMatchObject({
      authToken: 'token-bob',
      isAuthenticated: 'true',
      userId: bob.uid,
      userEmail: bob.email,
      userName: bob.displayName,
    })
  })

  it('passes the business described on the sign-up page to the provider call', async () => {
    const harness = signedOutHarness()
    const business = { name: 'Bob Barbers', time_zone: 'America/New_York', currency: 'USD' }
    harness.actor.send({
      type: 'auth.signUp',
      email: bob.email,
      password: 'Secret-123!',
      displayName: bob.displayName,
      business,
    })
    expect(harness.inputs.signUp).toEqual([
      { email: bob.email, password: 'Secret-123!', displayName: bob.displayName, business },
    ])
    const google = signedOutHarness()
    google.actor.send({ type: 'auth.signInWithGoogle', business })
    expect(google.inputs.signInWithGoogle).toEqual([{ business }])
  })

  it('reports a rejected password without signing in', async () => {
    const harness = signedOutHarness()
    harness.actor.send({ type: 'auth.signUp', email: bob.email, password: 'a', displayName: 'B' })
    const weak = 'The password is too weak. Use at least 6 characters.'
    await harness.settle('signUp', { output: failedSignIn(weak) })
    expect(harness.actor.getSnapshot().matches({ signedOut: 'idle' })).toBe(true)
    expect(harness.actor.getSnapshot().context.error).toBe(weak)
    expect(harness.notices).toEqual([weak])
  })
})

describe('Google sign-in', () => {
  it('stores the session on success', async () => {
    const harness = signedOutHarness()
    harness.actor.send({ type: 'auth.signInWithGoogle' })
    expect(harness.actor.getSnapshot().matches({ signedOut: 'signingInWithGoogle' })).toBe(true)
    expect(harness.actor.getSnapshot().hasTag('busy')).toBe(true)
    await harness.settle('signInWithGoogle', { output: aliceSignedIn })
    expect(harness.actor.getSnapshot().hasTag('authenticated')).toBe(true)
    expect(readAuthToken(harness.store)).toBe('token-alice')
  })

  it('a closed popup is an error sentence, not a sign-in', async () => {
    const harness = signedOutHarness()
    harness.actor.send({ type: 'auth.signInWithGoogle' })
    const closed = 'The Google sign-in window was closed before sign-in finished.'
    await harness.settle('signInWithGoogle', { output: failedSignIn(closed) })
    expect(harness.actor.getSnapshot().context.error).toBe(closed)
    expect(harness.notices).toEqual([closed])
  })

  it('may start before the provider has reported (sign-in while initializing)', async () => {
    const harness = createAuthHarness()
    harness.actor.start()
    harness.actor.send({ type: 'auth.signInWithGoogle' })
    expect(harness.actor.getSnapshot().matches({ signedOut: 'signingInWithGoogle' })).toBe(true)
    // The listener's first report (nobody yet) must not cancel the running sign-in.
    harness.actor.send({ type: 'auth.stateChanged', user: null, token: null })
    await harness.settle('signInWithGoogle', { output: aliceSignedIn })
    expect(harness.actor.getSnapshot().hasTag('authenticated')).toBe(true)
  })
})

describe('sign-out', () => {
  it('clears every stored key and the profile', async () => {
    const harness = await signedInHarness()
    expect(harness.store.getItem(storageKeys.currency)).toBe('EUR')
    harness.actor.send({ type: 'auth.signOut' })

    // Local data goes at once, before the provider answers.
    expect(harness.actor.getSnapshot().matches({ signedOut: 'signingOut' })).toBe(true)
    expect(harness.actor.getSnapshot().hasTag('busy')).toBe(true)
    expect(Object.values(storedKeys(harness)).every((value) => value === null)).toBe(true)

    await harness.settle('signOut', { output: { error: null } })
    const snapshot = harness.actor.getSnapshot()
    expect(snapshot.matches({ signedOut: 'idle' })).toBe(true)
    expect(snapshot.context.user).toBeNull()
    expect(snapshot.context.profile).toBeNull()
    expect(snapshot.context.error).toBeNull()
  })

  it('a provider failure is reported, but the local session is gone anyway', async () => {
    const harness = await signedInHarness()
    harness.actor.send({ type: 'auth.signOut' })
    const offline =
      'Could not reach the sign-in service. Check your internet connection and try again.'
    await harness.settle('signOut', { output: { error: offline } })
    expect(harness.actor.getSnapshot().matches({ signedOut: 'idle' })).toBe(true)
    expect(harness.actor.getSnapshot().context.error).toBe(offline)
    expect(harness.notices).toEqual([offline])
    expect(readAuthToken(harness.store)).toBeNull()
  })

  it('signing out in another tab (listener reports no user) clears everything', async () => {
    const harness = await signedInHarness()
    harness.actor.send({ type: 'auth.stateChanged', user: null, token: null })
    expect(harness.actor.getSnapshot().matches({ signedOut: 'idle' })).toBe(true)
    expect(Object.values(storedKeys(harness)).every((value) => value === null)).toBe(true)
  })
})

describe('profile', () => {
  it('stores business data, currency, domain and subscription from the me call', async () => {
    const harness = await signedInHarness()
    const snapshot = harness.actor.getSnapshot()
    expect(snapshot.matches({ signedIn: { profile: 'ready' } })).toBe(true)
    expect(snapshot.context.profile).toEqual(sampleProfile)
    expect(JSON.parse(harness.store.getItem(storageKeys.businessData) ?? 'null')).toEqual(
      sampleProfile.tenant,
    )
    expect(harness.store.getItem(storageKeys.currency)).toBe('EUR')
    expect(harness.store.getItem(storageKeys.domain)).toBe('https://api.alice.example')
    expect(JSON.parse(harness.store.getItem(storageKeys.subscription) ?? 'null')).toEqual(
      sampleProfile.subscription,
    )
  })

  it("a failed me call sets 'Failed to fetch user profile' and a null profile", async () => {
    const harness = createAuthHarness()
    harness.actor.start()
    harness.actor.send({ type: 'auth.stateChanged', user: alice, token: 'token-alice' })
    await harness.settle('loadProfile', { fails: new Error('500') })

    const snapshot = harness.actor.getSnapshot()
    expect(snapshot.matches({ signedIn: { profile: 'profileFailed' } })).toBe(true)
    expect(snapshot.context.error).toBe(PROFILE_ERROR)
    expect(PROFILE_ERROR).toBe('Failed to fetch user profile')
    expect(snapshot.context.profile).toBeNull()
    expect(snapshot.hasTag('authenticated')).toBe(true)

    harness.actor.send({ type: 'auth.reloadProfile' })
    expect(harness.actor.getSnapshot().context.error).toBeNull()
    await harness.settle('loadProfile', { output: sampleProfile })
    expect(harness.actor.getSnapshot().context.profile).toEqual(sampleProfile)
  })

  it('a live update replaces the profile and what is stored', async () => {
    const harness = await signedInHarness()
    const moved = {
      ...sampleProfile,
      currency: 'GBP',
      domain: null,
      tenant: { ...sampleProfile.tenant, name: 'Alice & Co' },
    }
    harness.actor.send({ type: 'auth.profileReceived', profile: moved })
    expect(harness.actor.getSnapshot().context.profile).toEqual(moved)
    expect(harness.store.getItem(storageKeys.currency)).toBe('GBP')
    expect(harness.store.getItem(storageKeys.domain)).toBeNull()
    expect(harness.store.getItem(storageKeys.businessData)).toContain('Alice & Co')
  })

  it('a live update carries a new subscription into storage (the billing banner reads it)', async () => {
    const harness = await signedInHarness()
    const pastDue = {
      ...sampleProfile,
      subscription: {
        plan_id: 'pro',
        plan_name: 'Pro',
        status: 'past_due' as const,
        trial_ends_at: null,
        current_period_end: '2026-04-01T00:00:00Z',
        cancel_at_period_end: false,
      },
    }
    harness.actor.send({ type: 'auth.profileReceived', profile: pastDue })
    expect(harness.actor.getSnapshot().context.profile?.subscription.status).toBe('past_due')
    expect(JSON.parse(harness.store.getItem(storageKeys.subscription) ?? 'null')).toEqual(
      pastDue.subscription,
    )
  })

  it('a live update arriving first wins over the slower me call', async () => {
    const harness = createAuthHarness()
    harness.actor.start()
    harness.actor.send({ type: 'auth.stateChanged', user: alice, token: 'token-alice' })
    harness.actor.send({ type: 'auth.profileReceived', profile: sampleProfile })
    expect(harness.actor.getSnapshot().matches({ signedIn: { profile: 'ready' } })).toBe(true)
    // The me call was stopped when the update arrived, so no late answer of it can land.
    expect(harness.isRunning('loadProfile')).toBe(false)
    await flush()
    expect(harness.actor.getSnapshot().context.error).toBeNull()
  })

  it('a refreshed token for the same user is stored without reloading the profile', async () => {
    const harness = await signedInHarness()
    harness.actor.send({ type: 'auth.stateChanged', user: alice, token: 'token-alice-2' })
    expect(readAuthToken(harness.store)).toBe('token-alice-2')
    expect(harness.isRunning('loadProfile')).toBe(false)
  })

  it('a different user starts over with their own profile', async () => {
    const harness = await signedInHarness()
    harness.actor.send({ type: 'auth.stateChanged', user: bob, token: 'token-bob' })
    const snapshot = harness.actor.getSnapshot()
    expect(snapshot.context.user).toEqual(bob)
    expect(snapshot.context.profile).toBeNull()
    expect(snapshot.matches({ signedIn: { profile: 'loadingProfile' } })).toBe(true)
    expect(harness.store.getItem(storageKeys.userId)).toBe(bob.uid)
  })
})

describe('401: refresh and replay through the real API client', () => {
  let server: TestServer
  // The server accepts exactly one token; the fake provider hands out tokens in order.
  const goodToken = 'fresh-token'

  beforeEach(async () => {
    server = await startTestServer((request, response) => {
      const handler =
        request.headers.authorization === `Bearer ${goodToken}`
          ? sendJson(200, sampleProfile)
          : problem(401, 'Unauthorized', 'The ID token has expired.')
      handler(request, response)
    })
  })

  afterEach(async () => {
    setUnauthorizedHandler(null)
    await server.close()
  })

  async function setUp(tokens: string[]) {
    const issued = [...tokens]
    const harness = createAuthHarness({
      actors: {
        refreshToken: fromPromise(async () => {
          const token = issued.shift()
          if (!token) throw new Error('no more tokens')
          return token
        }),
        replayRequest: fromPromise<Response, { request: Request; token: string }>(({ input }) =>
          replayRequest(input.request, input.token),
        ),
      },
    })
    harness.actor.start()
    // The same wiring AuthProvider does.
    setUnauthorizedHandler(
      (request, response) =>
        new Promise<Response>((resolve, reject) =>
          harness.actor.send({ type: 'http.unauthorized', request, response, resolve, reject }),
        ),
    )
    harness.actor.send({ type: 'auth.stateChanged', user: alice, token: 'expired-token' })
    await harness.settle('loadProfile', { output: sampleProfile })
    const client = createApiClient({
      baseUrl: server.origin,
      getToken: () => readAuthToken(harness.store),
      getDomain: () => null,
    })
    server.seen.length = 0
    return { harness, client }
  }

  const sentTokens = () => server.seen.map((request) => request.headers.authorization)

  for (const attempt of [1, 2, 3]) {
    it(`refresh succeeding on attempt ${attempt}: the replay's response reaches the caller`, async () => {
      const tokens = [...Array.from({ length: attempt - 1 }, (_, i) => `bad-${i + 1}`), goodToken]
      const { harness, client } = await setUp(tokens)

      const result = await client.GET('/api/v1/me/')

      expect(result.response.status).toBe(200)
      expect(result.data).toEqual(sampleProfile)
      expect(sentTokens()).toEqual([
        'Bearer expired-token',
        ...tokens.map((token) => `Bearer ${token}`),
      ])
      expect(readAuthToken(harness.store)).toBe(goodToken)
      const snapshot = harness.actor.getSnapshot()
      expect(snapshot.matches({ signedIn: { session: 'valid' } })).toBe(true)
      expect(snapshot.context.refreshAttempt).toBe(0)
      expect(harness.actions).not.toContain('goToLogin')
      // Later calls carry the new token from the start.
      await client.GET('/api/v1/me/')
      expect(sentTokens().at(-1)).toBe(`Bearer ${goodToken}`)
    })
  }

  it(`gives up after ${MAX_REFRESH_ATTEMPTS} refreshes: session keys removed, off to /login, caller gets the 401`, async () => {
    const { harness, client } = await setUp(['bad-1', 'bad-2', 'bad-3', 'never-used'])

    const result = await client.GET('/api/v1/me/')

    // Documented choice: the original call resolves with the last 401 (openapi-fetch `error`),
    // so callers handle it like any other failed call; it is not rejected.
    expect(result.response.status).toBe(401)
    expect(result.error).toMatchObject({ status: 401, detail: 'The ID token has expired.' })
    expect(sentTokens()).toEqual([
      'Bearer expired-token',
      'Bearer bad-1',
      'Bearer bad-2',
      'Bearer bad-3',
    ])
    expect(storedKeys(harness)).toEqual({
      authToken: null,
      isAuthenticated: null,
      userId: null,
      userEmail: null,
      userName: null,
      businessData: null,
      // Only the session keys go; these survive a failed refresh.
      currency: 'EUR',
      domain: 'https://api.alice.example',
      subscription: JSON.stringify(sampleProfile.subscription),
      calendarView: 'week',
    })
    expect(harness.actions.slice(-3)).toEqual([
      'clearSessionKeys',
      'endProviderSession',
      'goToLogin',
    ])
    const snapshot = harness.actor.getSnapshot()
    expect(snapshot.matches({ signedOut: 'idle' })).toBe(true)
    expect(snapshot.context.user).toBeNull()
    expect(snapshot.context.profile).toBeNull()
  })

  it('a refresh the provider refuses counts as an attempt', async () => {
    // Only two tokens: the third refresh throws.
    const { harness, client } = await setUp(['bad-1', 'bad-2'])
    const result = await client.GET('/api/v1/me/')
    expect(result.response.status).toBe(401)
    expect(server.seen).toHaveLength(3)
    expect(harness.actions).toContain('goToLogin')
  })

  it('401s arriving during a refresh wait, then replay with the fresh token', async () => {
    const { harness, client } = await setUp([goodToken])
    const [first, second, third] = await Promise.all([
      client.GET('/api/v1/me/'),
      client.GET('/api/v1/me/'),
      client.GET('/api/v1/me/'),
    ])
    expect([first.response.status, second.response.status, third.response.status]).toEqual([
      200, 200, 200,
    ])
    // Three 401s, then three replays on the one refreshed token.
    expect(sentTokens().filter((token) => token === 'Bearer expired-token')).toHaveLength(3)
    expect(sentTokens().filter((token) => token === `Bearer ${goodToken}`)).toHaveLength(3)
    expect(harness.actions.filter((action) => action === 'storeToken')).toHaveLength(1)
  })

  it('the profile load itself recovers from a 401', async () => {
    const { harness, client } = await setUp([goodToken])
    const profile = await fetchProfile(client)
    expect(profile).toEqual(sampleProfile)
    expect(harness.actor.getSnapshot().matches({ signedIn: { session: 'valid' } })).toBe(true)
  })
})

describe('401 outside a session', () => {
  it('while signed out the caller gets its 401 back at once, with no refresh', async () => {
    const harness = signedOutHarness()
    const response = new Response(null, { status: 401 })
    const settled = new Promise<Response>((resolve, reject) =>
      harness.actor.send({
        type: 'http.unauthorized',
        request: new Request('http://127.0.0.1/api/v1/me/'),
        response,
        resolve,
        reject,
      }),
    )
    await expect(settled).resolves.toBe(response)
    expect(harness.isRunning('refreshToken')).toBe(false)
    expect(harness.actions).not.toContain('goToLogin')
  })

  it('while initializing it waits for the provider, then refreshes once signed in', async () => {
    const harness = createAuthHarness()
    harness.actor.start()
    const response = new Response(null, { status: 401 })
    const settled = new Promise<Response>((resolve, reject) =>
      harness.actor.send({
        type: 'http.unauthorized',
        request: new Request('http://127.0.0.1/api/v1/me/'),
        response,
        resolve,
        reject,
      }),
    )
    expect(harness.isRunning('refreshToken')).toBe(false)
    harness.actor.send({ type: 'auth.stateChanged', user: alice, token: 'token-alice' })
    expect(harness.isRunning('refreshToken')).toBe(true)
    await harness.settle('refreshToken', { output: 'token-2' })
    expect(harness.inputs.replayRequest?.[0]).toMatchObject({ token: 'token-2' })
    const ok = new Response('{}', { status: 200 })
    await harness.settle('replayRequest', { output: ok })
    await expect(settled).resolves.toBe(ok)
  })

  it('a replay that fails on the network rejects the caller instead of signing out', async () => {
    const harness = await signedInHarness()
    const settled = new Promise<Response>((resolve, reject) =>
      harness.actor.send({
        type: 'http.unauthorized',
        request: new Request('http://127.0.0.1/api/v1/me/'),
        response: new Response(null, { status: 401 }),
        resolve,
        reject,
      }),
    )
    const outcome = settled.then(
      () => 'resolved',
      (reason: unknown) => reason,
    )
    await harness.settle('refreshToken', { output: 'token-2' })
    const offline = new TypeError('fetch failed')
    await harness.settle('replayRequest', { fails: offline })
    expect(await outcome).toBe(offline)
    expect(harness.actor.getSnapshot().hasTag('authenticated')).toBe(true)
  })

  it('a profile update or reload during a refresh leaves the refresh running', async () => {
    const harness = await signedInHarness()
    harness.actor.send({
      type: 'http.unauthorized',
      request: new Request('http://127.0.0.1/api/v1/me/'),
      response: new Response(null, { status: 401 }),
      resolve: () => {},
      reject: () => {},
    })
    await harness.settle('refreshToken', { fails: new Error('offline') })
    expect(harness.actor.getSnapshot().context.refreshAttempt).toBe(2)

    harness.actor.send({ type: 'auth.profileReceived', profile: sampleProfile })
    harness.actor.send({ type: 'auth.reloadProfile' })

    // Still on the second attempt: the profile region changed, the session region did not.
    expect(harness.actor.getSnapshot().context.refreshAttempt).toBe(2)
    expect(harness.inputs.refreshToken).toHaveLength(2)
    expect(
      harness.actor
        .getSnapshot()
        .matches({ signedIn: { session: { refreshing: 'refreshingToken' } } }),
    ).toBe(true)
  })

  it('signing out mid-refresh hands parked callers their 401', async () => {
    const harness = await signedInHarness()
    const response = new Response(null, { status: 401 })
    const settled = new Promise<Response>((resolve, reject) =>
      harness.actor.send({
        type: 'http.unauthorized',
        request: new Request('http://127.0.0.1/api/v1/me/'),
        response,
        resolve,
        reject,
      }),
    )
    expect(harness.isRunning('refreshToken')).toBe(true)
    harness.actor.send({ type: 'auth.signOut' })
    await flush()
    await expect(settled).resolves.toBe(response)
    expect(harness.actor.getSnapshot().context.pending).toEqual([])
  })
})
