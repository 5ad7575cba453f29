import { describe, expect, it } from 'vitest'
import { uniqueViolationOf } from '../../../../server/db/sql-state.ts'

// Which unique index refused a row, as node-postgres reports it and drizzle wraps it (`cause`):
// the team's service turns a race past its checks into a 409 on the field that index names.

const pgError = (code: string, constraint?: string) =>
  Object.assign(new Error('duplicate key'), { code, constraint })
const wrapped = (cause: unknown) => new Error('Failed query: insert …', { cause })

describe('the unique index that refused a row', () => {
  it('is named by a unique violation, also inside drizzle’s error', () => {
    expect(uniqueViolationOf(pgError('23505', 'team_members_tenant_slug_unique'))).toBe(
      'team_members_tenant_slug_unique',
    )
    expect(uniqueViolationOf(wrapped(pgError('23505', 'team_members_tenant_email_unique')))).toBe(
      'team_members_tenant_email_unique',
    )
  })

  it('is none for other refusals, or a violation that names no constraint', () => {
    expect(uniqueViolationOf(wrapped(pgError('23P01', 'appointments_no_overlap')))).toBeUndefined()
    expect(uniqueViolationOf(wrapped(pgError('23505')))).toBeUndefined()
    expect(uniqueViolationOf(new Error('boom'))).toBeUndefined()
    expect(uniqueViolationOf(undefined)).toBeUndefined()
  })
})
