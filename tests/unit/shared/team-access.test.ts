import { describe, expect, it } from 'vitest'
import { accessChangeRefusal, accessOf } from '../../../shared/team-access.ts'
import { accessBadge, accessSince } from '../../../src/features/team/team-access-text.ts'

const invitedAt = new Date('2026-03-01T09:00:00Z')
const grantedAt = new Date('2026-03-02T09:00:00Z')
const revokedAt = new Date('2026-05-04T22:30:00Z')
const withdrawnAt = new Date('2026-03-05T09:00:00Z')

describe('accessOf', () => {
  const record = {
    email: 'nora@example.com',
    userUid: null,
    invitedAt,
    invitationWithdrawnAt: null,
  }

  it('names each state with the date it began', () => {
    expect(accessOf({ ...record, email: null }, undefined)).toEqual({ status: 'none', since: null })
    expect(accessOf(record, undefined)).toEqual({ status: 'invited', since: invitedAt })
    expect(accessOf({ ...record, invitationWithdrawnAt: withdrawnAt }, undefined)).toEqual({
      status: 'invitation_withdrawn',
      since: withdrawnAt,
    })
    const linked = { ...record, userUid: 'nora' }
    expect(accessOf(linked, { grantedAt, revokedAt: null })).toEqual({
      status: 'active',
      since: grantedAt,
    })
    expect(accessOf(linked, { grantedAt, revokedAt })).toEqual({
      status: 'removed',
      since: revokedAt,
    })
  })

  it('treats a linked record without any membership as removed, never as active', () => {
    expect(accessOf({ ...record, userUid: 'gone' }, undefined).status).toBe('removed')
  })
})

describe('accessChangeRefusal', () => {
  const owner = { permission: 'owner' as const, teamMemberId: 'owner-record' }
  const admin = { permission: 'admin' as const, teamMemberId: 'admin-record' }
  const staff = { permission: 'staff' as const, teamMemberId: 'staff-record' }
  const someStaff = { id: 'other-staff', permission: 'staff' as const }
  const anOwner = { id: 'other-owner', permission: 'owner' as const }

  it('lets owners and admins change staff access, and only owners an owner’s', () => {
    expect(accessChangeRefusal(owner, someStaff, 'remove')).toBeNull()
    expect(accessChangeRefusal(admin, someStaff, 'remove')).toBeNull()
    expect(accessChangeRefusal(owner, anOwner, 'restore')).toBeNull()
    expect(accessChangeRefusal(admin, anOwner, 'remove')?.status).toBe(403)
    expect(accessChangeRefusal(admin, anOwner, 'restore')?.status).toBe(403)
  })

  it('refuses staff anything, and anyone removing their own access', () => {
    expect(accessChangeRefusal(staff, someStaff, 'remove')?.status).toBe(403)
    expect(
      accessChangeRefusal(staff, { id: 'staff-record', permission: 'staff' }, 'remove'),
    ).toMatchObject({ status: 403 })
    expect(
      accessChangeRefusal(admin, { id: 'admin-record', permission: 'admin' }, 'remove'),
    ).toMatchObject({ status: 409 })
    expect(
      accessChangeRefusal(owner, { id: 'owner-record', permission: 'owner' }, 'remove'),
    ).toMatchObject({ status: 409 })
  })
})

describe('the Team screen’s access text', () => {
  it('says since when, on the business’s calendar', () => {
    const removed = { status: 'removed' as const, since: revokedAt.toISOString() }

    // 22:30 UTC on 4 May is already 5 May in Berlin.
    expect(accessSince(removed, 'Europe/Berlin', 'en-GB')).toBe('Access removed on 5 May 2026')
    expect(accessSince(removed, 'America/New_York', 'en-GB')).toBe('Access removed on 4 May 2026')
    expect(accessSince({ status: 'active', since: grantedAt.toISOString() }, 'UTC', 'en-US')).toBe(
      'Has access since Mar 2, 2026',
    )
    expect(accessSince({ status: 'invited', since: invitedAt.toISOString() }, 'UTC', 'en-US')).toBe(
      'Invitation pending since Mar 1, 2026',
    )
    expect(accessSince({ status: 'none', since: null }, 'UTC')).toBeNull()
  })

  it('keeps the date when the zone is unknown', () => {
    expect(
      accessSince({ status: 'removed', since: revokedAt.toISOString() }, 'Atlantis/Capital'),
    ).toBe('Access removed on 2026-05-04')
  })

  it('badges each state', () => {
    expect(accessBadge({ status: 'removed', since: null })).toEqual({
      label: 'Access removed',
      tone: 'p-badge--danger',
    })
    expect(accessBadge({ status: 'invitation_withdrawn', since: null }).label).toBe(
      'Invitation withdrawn',
    )
  })
})
