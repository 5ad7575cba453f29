/**
 * A per-process cache of what the public booking pages read on every request and staff change
 * rarely: the business by its slug, its settings, its catalogue, its team with their working
 * hours and who performs what, and their time off; and, in a scope of their own
 * (`busyScope`), the free starts computed from the business's appointments.
 *
 * Invalidation: triggers on the cached tables (migration 0015) send
 * `{"tenant_id": …, "kind": "public_read"}` on the live channel in the writing transaction,
 * so PostgreSQL delivers it to every API process's LISTEN connection once it commits, whatever
 * code path made the change; it drops everything of that business. A trigger on appointments
 * (migration 0016) sends `"kind": "public_busy"` when whose time is taken changes (a booking,
 * a move, a cancellation, a hold paid or expired); it drops only the business's busy scope, so
 * a booking does not make the next request re-read the catalogue. What the clock changes is
 * the caller's: an entry may say until when it holds (`fresh`; a payment hold frees its time
 * when it ends), and the filtering by now (minimum notice, past starts) is done per request. Delivery is asynchronous, so dropping entries on arrival alone
 * would leave a window in which another process answers from its old copy. To close it, a
 * request trusts the cache only after a round trip on the LISTEN connection that began after
 * the request arrived (`begin()`): PostgreSQL sends pending notifications before it answers a
 * query (postgres.c processes a pending notify interrupt before ReadyForQuery), and node-pg
 * emits them, in order, before the query resolves. Any change committed before the request
 * arrived has therefore dropped its entries before the request reads them. Requests that
 * arrive while a round trip is in flight share the next one, so under load there is about one
 * `select 1` per round-trip time, not one per request. (The alternative, a version column per
 * business checked with one read through the pool, costs a pooled query per request and
 * needs every write to bump it; this costs a fraction of one and needs no column.)
 *
 * While the LISTEN connection is lost, notifications may be missed: the round trip fails,
 * requests read the database (bypass) and store nothing, and everything is dropped on the loss
 * and again once it listens again. A round trip that takes longer than `syncTimeoutMs` (a
 * connection dying silently) is treated the same way for that request.
 *
 * A fill stores its result only if nothing was invalidated since its request began trusting
 * the cache: one generation counter, bumped by every invalidation, is read when `begin()`
 * hands out the request's view and compared after the load. So an entry is never older than
 * the last invalidation this process has received, also when it is computed from other entries
 * the request read earlier (the free starts are computed from the cached team and settings).
 */

/** The `kind` of the NOTIFY payloads that drop a business's cached reads. */
export const PUBLIC_READ_KIND = 'public_read'
/** The `kind` of the NOTIFY payloads that drop only a business's busy scope (appointments). */
export const PUBLIC_BUSY_KIND = 'public_busy'

/** The scope of what is computed from a business's appointments, dropped on each of their changes. */
export function busyScope(tenantId: string): string {
  return `${BUSY_PREFIX}${tenantId}`
}

const BUSY_PREFIX = 'busy:'

/** Reads that are cached for one request, or read through when the cache cannot be trusted. */
export interface CacheView {
  /**
   * The value under `key` in the business's scope (`scope` is its id; GLOBAL_SCOPE for lookups
   * that find a business), else `load()`'s result, stored unless it is undefined. A stored
   * value for which `fresh` says false (it depended on the clock) is read again.
   */
  get<T>(
    scope: string,
    name: string,
    key: string,
    load: () => Promise<T>,
    fresh?: (value: T) => boolean,
  ): Promise<T>
}

/** Reads the database every time: where no cache is wired (tests of one service, tools). */
export const readThrough: CacheView = {
  get: (_scope, _name, _key, load) => load(),
}

/** Lookups by something other than a business's id (its slug): dropped on every change. */
export const GLOBAL_SCOPE = '*'

export interface ReadCacheOptions {
  /** Told about every lookup: `name` is the kind of read (business, catalogue …). */
  onLookup?: (name: string, outcome: 'hit' | 'miss' | 'bypass') => void
  /** The most businesses kept; the oldest filled is dropped beyond it. */
  maxScopes?: number
  /** The most entries of one business (ranges asked for vary); all are dropped beyond it. */
  maxEntriesPerScope?: number
  /**
   * The most entries in all busy scopes together: free starts are large (a week of a team is
   * tens of kilobytes), so they have a budget of their own; the oldest-filled businesses' go
   * first beyond it.
   */
  maxBusyEntries?: number
  syncTimeoutMs?: number
}

export interface ReadCacheStats {
  hits: number
  misses: number
  bypasses: number
}

export type ReadCache = ReturnType<typeof createReadCache>

export function createReadCache(options: ReadCacheOptions = {}) {
  const maxScopes = options.maxScopes ?? 10_000
  const maxEntriesPerScope = options.maxEntriesPerScope ?? 500
  const maxBusyEntries = options.maxBusyEntries ?? 1000
  /** Entries held in busy scopes, kept within `maxBusyEntries`. */
  let busyEntries = 0
  const syncTimeoutMs = options.syncTimeoutMs ?? 1000
  const scopes = new Map<string, Map<string, unknown>>()
  const stats = new Map<string, ReadCacheStats>()
  /** The view a request's business was resolved with (see `carry`). */
  const viewOfTenant = new WeakMap<object, CacheView>()
  /** Loads under way, by scope and key, with the generation their request began at. */
  const inFlight = new Map<string, { since: number; value: Promise<unknown> }>()
  let generation = 0
  /** The LISTEN connection's round trip; undefined until attached and while it is lost. */
  let sync: (() => Promise<void>) | undefined
  let current: Promise<void> | undefined
  let following: Promise<void> | undefined

  function count(name: string, outcome: 'hit' | 'miss' | 'bypass') {
    let entry = stats.get(name)
    if (!entry) {
      entry = { hits: 0, misses: 0, bypasses: 0 }
      stats.set(name, entry)
    }
    if (outcome === 'hit') entry.hits++
    else if (outcome === 'miss') entry.misses++
    else entry.bypasses++
    options.onLookup?.(name, outcome)
  }

  function dropAll() {
    generation++
    scopes.clear()
    busyEntries = 0
  }

  function drop(tenantId: string) {
    generation++
    scopes.delete(tenantId)
    deleteScope(busyScope(tenantId))
    // A slug may now name another business (renamed, or a former slug taken up).
    scopes.delete(GLOBAL_SCOPE)
  }

  function deleteScope(scope: string) {
    if (scope.startsWith(BUSY_PREFIX)) busyEntries -= scopes.get(scope)?.size ?? 0
    scopes.delete(scope)
  }

  /** Room for one more busy entry: the oldest-filled busy scopes other than `keep` go. */
  function makeBusyRoom(keep: string) {
    for (const scope of scopes.keys()) {
      if (busyEntries < maxBusyEntries) return
      if (scope !== keep && scope.startsWith(BUSY_PREFIX)) deleteScope(scope)
    }
    // Only `keep` itself is left over budget.
    if (busyEntries >= maxBusyEntries) deleteScope(keep)
  }

  function roundTrip(run: () => Promise<void>): Promise<void> {
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('LISTEN round trip timed out')), syncTimeoutMs)
    })
    const trip = Promise.race([run(), timeout]).finally(() => clearTimeout(timer))
    const done = () => {
      if (current === trip) current = undefined
    }
    trip.then(done, done)
    return trip
  }

  /**
   * A round trip that began after this call. One in flight may have been answered before this
   * request arrived, so callers arriving during it share the next one instead.
   */
  function fence(run: () => Promise<void>): Promise<void> {
    if (!current) {
      current = roundTrip(run)
      return current
    }
    following ??= current
      .then(
        () => {},
        () => {},
      )
      .then(() => {
        following = undefined
        // Begun after every caller waiting here arrived, whoever started it.
        current ??= roundTrip(run)
        return current
      })
    return following
  }

  const bypass: CacheView = {
    async get(_scope, name, _key, load) {
      count(name, 'bypass')
      return load()
    },
  }

  const trusted = (since: number): CacheView => ({
    async get<T>(
      scope: string,
      name: string,
      key: string,
      load: () => Promise<T>,
      fresh?: (value: T) => boolean,
    ): Promise<T> {
      const entries = scopes.get(scope)
      const fullKey = `${name}:${key}`
      if (entries?.has(fullKey)) {
        const value = entries.get(fullKey) as T
        if (!fresh || fresh(value)) {
          count(name, 'hit')
          return value
        }
        entries.delete(fullKey)
        if (scope.startsWith(BUSY_PREFIX)) busyEntries--
      }
      // Requests missing the same entry together share one load (after a booking drops the
      // free starts, every visitor in flight would compute them again), but only those that
      // began trusting the cache after the same invalidation: for them it is as new as their own.
      const flightKey = `${scope}\u0000${fullKey}`
      const flight = inFlight.get(flightKey)
      if (flight && flight.since === since) {
        const value = (await flight.value) as T
        if (!fresh || fresh(value)) {
          count(name, 'hit')
          return value
        }
      }
      count(name, 'miss')
      const loading = load()
      const own = { since, value: loading as Promise<unknown> }
      inFlight.set(flightKey, own)
      let value: T
      try {
        value = await loading
      } finally {
        if (inFlight.get(flightKey) === own) inFlight.delete(flightKey)
      }
      if (value !== undefined && generation === since && sync) {
        const busy = scope.startsWith(BUSY_PREFIX)
        if (busy) makeBusyRoom(scope)
        let target = scopes.get(scope)
        if (!target) {
          if (scopes.size >= maxScopes) {
            const oldest = scopes.keys().next().value
            if (oldest !== undefined) deleteScope(oldest)
          }
          target = new Map()
          scopes.set(scope, target)
        }
        if (target.size >= maxEntriesPerScope) {
          if (busy) busyEntries -= target.size
          target.clear()
        }
        if (busy && !target.has(fullKey)) busyEntries++
        target.set(fullKey, value)
      }
      return value
    },
  })

  return {
    /**
     * The cache for one request: trusted once every change committed before this call has
     * been received, otherwise (not listening, connection lost, round trip too slow) reading
     * through. Call it when the request starts, before its first read.
     */
    async begin(): Promise<CacheView> {
      const run = sync
      if (!run) return bypass
      try {
        await fence(run)
      } catch {
        return bypass
      }
      return trusted(generation)
    },

    /**
     * Hands the request's view on with the business it resolved: the copy returned carries it,
     * so the services reading for that business in the same request share its round trip.
     */
    carry<T extends object>(tenant: T, view: CacheView): T {
      const copy = { ...tenant }
      viewOfTenant.set(copy, view)
      return copy
    },

    /** The view `carry` attached to this business, else reading through (no round trip made). */
    viewFor(tenant: object): CacheView {
      return viewOfTenant.get(tenant) ?? bypass
    },

    /** Starts trusting the cache once the LISTEN connection is up; `run` is its round trip. */
    attach(run: () => Promise<void>) {
      dropAll()
      sync = run
    },

    /** The LISTEN connection is lost: notifications may be missed until it listens again. */
    connectionLost() {
      dropAll()
    },

    /** Listening again: whatever changed in the gap is unknown, so everything goes. */
    reconnected() {
      dropAll()
    },

    /** Stops trusting the cache for good (the app is closing). */
    detach() {
      sync = undefined
      dropAll()
    },

    /**
     * Handles a payload of the live channel; true when it was this cache's (a business's
     * public reads changed), so the live dispatcher can skip it.
     */
    receive(payload: string): boolean {
      if (!payload.includes('"public_')) return false
      let value: unknown
      try {
        value = JSON.parse(payload)
      } catch {
        return false
      }
      const record = value as { tenant_id?: unknown; kind?: unknown } | null
      const kind = record?.kind
      if (kind !== PUBLIC_READ_KIND && kind !== PUBLIC_BUSY_KIND) return false
      if (typeof record?.tenant_id !== 'string') dropAll()
      else if (kind === PUBLIC_READ_KIND) drop(record.tenant_id)
      else {
        generation++
        deleteScope(busyScope(record.tenant_id))
      }
      return true
    },

    /** Drops one business's entries now (same process; tests). */
    invalidate(tenantId: string) {
      drop(tenantId)
    },

    /** Hits, misses and bypasses since start, by kind of read (for /metrics). */
    stats(): Record<string, ReadCacheStats> {
      return Object.fromEntries([...stats].map(([name, entry]) => [name, { ...entry }]))
    },
  }
}
