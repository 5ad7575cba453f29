/*
 * When a cold start begins Firebase's restore of the session (its chunk, IndexedDB, a token
 * lookup). A returning user's first screen renders from the profile asked for with the stored
 * token (src/api/early-calls.ts), and the provider only confirms who that is: so it waits until
 * that profile has come back good and the screen's code is here, then for the browser to be
 * idle, instead of competing with the screen for the network and the main thread. Any other
 * start (the sign-in page, a stored token that has expired) starts it at once.
 */

/** Idle or not, the provider starts this long after it was let go. */
const MAX_IDLE_WAIT_MS = 1000

let gate: Promise<void> = Promise.resolve()

/** Holds the provider's start until `ready` settles; when it says yes, until the browser is idle too. */
export function holdProviderUntil(ready: Promise<boolean>): void {
  gate = ready.then(
    (good) => (good ? idle() : undefined),
    () => undefined,
  )
}

/** Settles when the provider may start. */
export function providerMayStart(): Promise<void> {
  return gate
}

function idle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') {
      requestIdleCallback(() => resolve(), { timeout: MAX_IDLE_WAIT_MS })
    } else setTimeout(resolve, 0)
  })
}
