/**
 * When a cold start lets Firebase begin (src/app/provider-start.ts): at once by default; held
 * until the early profile has come back and the screen's code is here, then the browser idle.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { holdProviderUntil, providerMayStart } from '../../../../src/app/provider-start'

/** Whether `promise` has settled after everything already queued has run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false
  void promise.then(() => {
    done = true
  })
  await new Promise((resolve) => setTimeout(resolve, 0))
  return done
}

afterEach(() => {
  holdProviderUntil(Promise.resolve(false))
  vi.unstubAllGlobals()
})

describe('providerMayStart', () => {
  it('lets the provider start at once when nothing holds it', async () => {
    expect(await settled(providerMayStart())).toBe(true)
  })

  it('holds it until the profile is good, then waits for the browser to be idle', async () => {
    const idleCallbacks: (() => void)[] = []
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idleCallbacks.push(callback))
    let profileGood: (good: boolean) => void = () => {}
    holdProviderUntil(new Promise<boolean>((resolve) => (profileGood = resolve)))
    expect(await settled(providerMayStart())).toBe(false)
    profileGood(true)
    expect(await settled(providerMayStart())).toBe(false)
    expect(idleCallbacks).toHaveLength(1)
    idleCallbacks[0]?.()
    expect(await settled(providerMayStart())).toBe(true)
  })

  it('starts it at once when the early profile failed (the provider must sign in again)', async () => {
    vi.stubGlobal('requestIdleCallback', () => {})
    holdProviderUntil(Promise.resolve(false))
    expect(await settled(providerMayStart())).toBe(true)
    holdProviderUntil(Promise.reject(new Error('offline')))
    expect(await settled(providerMayStart())).toBe(true)
  })
})
