import { Counter } from 'prom-client'

/**
 * Lookups in the per-process caches of the public read path, by cache and outcome. Process-wide
 * (the caches are per process too); every app's `/metrics` reports it.
 */
export const cacheLookups = new Counter({
  name: 'slotwise_cache_lookups_total',
  help: 'Lookups in the per-process caches, by cache and result (hit, miss, or bypass while the cache cannot be trusted).',
  labelNames: ['cache', 'result'] as const,
  registers: [],
})

/**
 * Counts one lookup in a cache. `cache` is the cache's fixed name (`business-by-slug`,
 * `catalogue` …), never a key: a label per business would grow without bound.
 */
export function countCacheLookup(cache: string, result: 'hit' | 'miss' | 'bypass'): void {
  cacheLookups.inc({ cache, result })
}
