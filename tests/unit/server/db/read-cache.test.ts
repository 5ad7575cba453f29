import { describe, expect, it } from 'vitest'
import { busyScope, createReadCache } from '../../../../server/db/read-cache.ts'

/** A round trip the test answers by hand, as the LISTEN connection would. */
function manualSync() {
  const pending: { resolve: () => void; reject: (error: Error) => void }[] = []
  return {
    pending,
    run: () =>
      new Promise<void>((resolve, reject) => {
        pending.push({ resolve, reject })
      }),
    answer(index = 0) {
      pending.splice(index, 1)[0]?.resolve()
    },
  }
}

const payload = (tenantId: string) => JSON.stringify({ tenant_id: tenantId, kind: 'public_read' })
// As PostgreSQL's json_build_object writes it in the appointments trigger.
const busyPayload = (tenantId: string) => `{"tenant_id" : "${tenantId}", "kind" : "public_busy"}`
const flush = () => new Promise((resolve) => setImmediate(resolve))

describe('read cache', () => {
  it('reads through until a LISTEN connection is attached', async () => {
    const cache = createReadCache()
    let loads = 0
    for (let n = 0; n < 2; n++) {
      const view = await cache.begin()
      await view.get('t1', 'catalogue', '', async () => ++loads)
    }
    expect(loads).toBe(2)
    expect(cache.stats().catalogue).toEqual({ hits: 0, misses: 0, bypasses: 2 })
  })

  it("answers from memory until the business's change arrives, then reads again", async () => {
    const cache = createReadCache()
    cache.attach(async () => {})
    let loads = 0
    const read = async () => (await cache.begin()).get('t1', 'team', 'a', async () => ++loads)
    expect(await read()).toBe(1)
    expect(await read()).toBe(1)
    expect(cache.receive(payload('t2'))).toBe(true)
    expect(await read()).toBe(1)
    expect(cache.receive(payload('t1'))).toBe(true)
    expect(await read()).toBe(2)
    // The live dispatcher's notifications are not the cache's.
    expect(cache.receive(JSON.stringify({ tenant_id: 't1', kind: 'profile' }))).toBe(false)
    expect(cache.stats().team).toEqual({ hits: 2, misses: 2, bypasses: 0 })
  })

  it('does not keep what was read while a change arrived', async () => {
    const cache = createReadCache()
    cache.attach(async () => {})
    const view = await cache.begin()
    let release = () => {}
    const slow = view.get('t1', 'settings', '', async () => {
      await new Promise<void>((resolve) => {
        release = resolve
      })
      return 'old'
    })
    await flush()
    cache.receive(payload('t1'))
    release()
    expect(await slow).toBe('old')
    expect(await (await cache.begin()).get('t1', 'settings', '', async () => 'new')).toBe('new')
  })

  it('makes a request that arrives during a round trip wait for the next one', async () => {
    const sync = manualSync()
    const cache = createReadCache()
    cache.attach(sync.run)
    const order: string[] = []
    const first = cache.begin().then(() => order.push('first'))
    await flush()
    const second = cache.begin().then(() => order.push('second'))
    const third = cache.begin().then(() => order.push('third'))
    await flush()
    expect(sync.pending).toHaveLength(1)
    sync.answer()
    await first
    await flush()
    // The one in flight may have been answered before they arrived: a new one, shared.
    expect(order).toEqual(['first'])
    expect(sync.pending).toHaveLength(1)
    sync.answer()
    await Promise.all([second, third])
    expect(order).toEqual(['first', 'second', 'third'])
  })

  it('reads through while the connection is lost, and forgets everything it held', async () => {
    let lost = false
    const cache = createReadCache()
    cache.attach(async () => {
      if (lost) throw new Error('The LISTEN connection is lost.')
    })
    let loads = 0
    const read = async () => (await cache.begin()).get('t1', 'business', 's', async () => ++loads)
    await read()
    expect(await read()).toBe(1)
    lost = true
    cache.connectionLost()
    expect(await read()).toBe(2)
    expect(await read()).toBe(3)
    lost = false
    cache.reconnected()
    expect(await read()).toBe(4)
    expect(await read()).toBe(4)
    expect(cache.stats().business?.bypasses).toBe(2)
  })

  it('reads through when the round trip takes too long', async () => {
    const cache = createReadCache({ syncTimeoutMs: 20 })
    cache.attach(() => new Promise<void>(() => {}))
    let loads = 0
    const view = await cache.begin()
    await view.get('t1', 'business', 's', async () => ++loads)
    await view.get('t1', 'business', 's', async () => ++loads)
    expect(loads).toBe(2)
  })

  it("drops only the business's busy scope when its appointments change", async () => {
    const cache = createReadCache()
    cache.attach(async () => {})
    let loads = 0
    const read = async (scope: string) =>
      (await cache.begin()).get(scope, 'x', '', async () => `${scope} ${++loads}`)
    expect(await read('t1')).toBe('t1 1')
    expect(await read(busyScope('t1'))).toBe('busy:t1 2')
    expect(await read(busyScope('t2'))).toBe('busy:t2 3')
    expect(cache.receive(busyPayload('t1'))).toBe(true)
    expect(await read('t1')).toBe('t1 1')
    expect(await read(busyScope('t2'))).toBe('busy:t2 3')
    expect(await read(busyScope('t1'))).toBe('busy:t1 4')
    // A change of what the business offers drops its computed starts as well.
    expect(cache.receive(payload('t1'))).toBe(true)
    expect(await read(busyScope('t1'))).toBe('busy:t1 5')
  })

  it('reads again once a stored value says it is no longer fresh', async () => {
    const cache = createReadCache()
    cache.attach(async () => {})
    let clock = 100
    let loads = 0
    const read = async () =>
      (await cache.begin()).get(
        't1',
        'slots',
        '',
        async () => ({ load: ++loads, validUntil: clock + 50 }),
        (value) => value.validUntil > clock,
      )
    expect((await read()).load).toBe(1)
    clock = 149
    expect((await read()).load).toBe(1)
    clock = 150
    expect((await read()).load).toBe(2)
    expect((await read()).load).toBe(2)
    expect(cache.stats().slots).toEqual({ hits: 2, misses: 2, bypasses: 0 })
  })

  it('shares one load among requests missing the same entry since the same change', async () => {
    const cache = createReadCache()
    cache.attach(async () => {})
    let loads = 0
    let release = () => {}
    const slowLoad = async () => {
      await new Promise<void>((resolve) => {
        release = resolve
      })
      return ++loads
    }
    const [a, b] = [await cache.begin(), await cache.begin()]
    const first = a.get('t1', 'slots', 'k', slowLoad)
    const second = b.get('t1', 'slots', 'k', slowLoad)
    await flush()
    // A request that began after a change must not take a load begun before it.
    cache.receive(busyPayload('t9'))
    const third = (await cache.begin()).get('t1', 'slots', 'k', async () => 99)
    release()
    expect([await first, await second, await third]).toEqual([1, 1, 99])
    expect(loads).toBe(1)
  })

  it('does not keep a value computed from entries read before a change arrived', async () => {
    const cache = createReadCache()
    cache.attach(async () => {})
    const view = await cache.begin()
    const team = await view.get('t1', 'team', '', async () => 'old team')
    // The change arrives between the request's reads: what it computes from `team` is stale.
    cache.receive(payload('t1'))
    await view.get(busyScope('t1'), 'slots', '', async () => `slots of ${team}`)
    const next = await cache.begin()
    expect(await next.get(busyScope('t1'), 'slots', '', async () => 'fresh')).toBe('fresh')
  })

  it('keeps the free starts within their own budget, dropping the oldest-filled business first', async () => {
    const cache = createReadCache({ maxBusyEntries: 2 })
    cache.attach(async () => {})
    let loads = 0
    const read = async (scope: string, key: string) =>
      (await cache.begin()).get(scope, 'slots', key, async () => `${scope} ${key} ${++loads}`)
    await read('t1', 'catalogue')
    await read(busyScope('t1'), 'a')
    await read(busyScope('t2'), 'a')
    // Over budget: t1's starts go (filled first), t2's and every other scope stay.
    await read(busyScope('t2'), 'b')
    expect(await read(busyScope('t2'), 'a')).toBe('busy:t2 a 3')
    expect(await read(busyScope('t2'), 'b')).toBe('busy:t2 b 4')
    expect(await read('t1', 'catalogue')).toBe('t1 catalogue 1')
    expect(await read(busyScope('t1'), 'a')).toBe('busy:t1 a 5')
    // t1 came back as the newest: t2, the oldest now, made room for it.
    expect(await read(busyScope('t2'), 'a')).toBe('busy:t2 a 6')
  })
})
