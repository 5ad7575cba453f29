import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  endToEndFiles,
  exactFileFilter,
  measuredSeconds,
  planShards,
} from '../../../../scripts/lib/e2e-shards.ts'

const files = endToEndFiles(resolve(import.meta.dirname, '../../../..'))

describe('the end-to-end shards', () => {
  it('run every file exactly once, whatever the number of shards', () => {
    for (const shards of [1, 2, 3, 4, 40]) {
      const plan = planShards(files, shards)
      expect(plan.length).toBe(Math.min(shards, files.length))
      expect(plan.flat().sort()).toEqual(files)
    }
  })

  it('end together: by measured time, no two shards differ by more than their longest file', () => {
    const plan = planShards(files, 3)
    const seconds = plan.map((shard) => shard.reduce((sum, file) => sum + measuredSeconds(file), 0))
    const longest = Math.max(...files.map(measuredSeconds))
    expect(seconds).toHaveLength(3)
    expect(Math.max(...seconds) - Math.min(...seconds)).toBeLessThanOrEqual(longest)
  })

  it('count a file nobody measured as an average one', () => {
    const measured = files.map(measuredSeconds)
    const unmeasured = measuredSeconds('tests/e2e/new-screen.spec.ts')
    expect(unmeasured).toBeGreaterThan(Math.min(...measured))
    expect(unmeasured).toBeLessThan(Math.max(...measured))
    expect(planShards(['tests/e2e/new-screen.spec.ts', ...files], 3).flat()).toContain(
      'tests/e2e/new-screen.spec.ts',
    )
  })

  it('name each file by a filter that matches it alone', () => {
    const filter = new RegExp(exactFileFilter('tests/e2e/live.spec.ts'))
    expect(filter.test('/repo/tests/e2e/live.spec.ts')).toBe(true)
    expect(filter.test('/repo/tests/e2e/live-spec.ts')).toBe(false)
    expect(filter.test('/repo/tests/e2e/live.spec.ts.orig')).toBe(false)
  })
})
