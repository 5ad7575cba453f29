import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { components } from '../../shared/contract/schema.d.ts'
import { publicCall, slugOf } from '../support/api/public-booking.ts'
import { type Business, call, createBusiness, expectProblem } from '../support/api/team-business.ts'
import { createTestApp, type TestApp } from '../support/api/test-app.ts'

type PublicProfile = components['schemas']['PublicProfile']
type TeamMember = components['schemas']['TeamMember']

// A rename moves a public address; the old one keeps leading to the same person or business,
// and never to anyone in another business.

let testApp: TestApp
let salon: Business
let rival: Business
let salonSlug: string
let rivalSlug: string

beforeAll(async () => {
  testApp = await createTestApp()
  salon = await createBusiness(testApp, 'Slugs')
  rival = await createBusiness(testApp, 'Rival Slugs')
  salonSlug = await slugOf(testApp, salon.tenantId)
  rivalSlug = await slugOf(testApp, rival.tenantId)
}, 120_000)
afterAll(() => testApp?.close())

const profile = (slug: string, business: string) =>
  publicCall(testApp, 'GET', `/api/v1/public/profiles/${slug}`, { business })
const rename = (business: Business, id: string, body: object) =>
  call(testApp, business.owner, 'PATCH', `/api/v1/team-members/${id}`, body)

describe('renaming a team member', () => {
  it('gives them a slug from the new name, and their old slug still finds them', async () => {
    const before = (
      await call(testApp, salon.owner, 'GET', `/api/v1/team-members/${salon.staffMemberId}`)
    ).json<TeamMember>()
    expect(before.slug).toBeTruthy()
    const renamed = await rename(salon, salon.staffMemberId, { name: 'Noor Haddad' })
    expect(renamed.statusCode, renamed.body).toBe(200)
    expect(renamed.json<TeamMember>().slug).toBe('noor-haddad')

    const byOld = await profile(before.slug, salonSlug)
    expect(byOld.statusCode, byOld.body).toBe(200)
    expect(byOld.json<PublicProfile>().team_member).toMatchObject({
      id: salon.staffMemberId,
      slug: 'noor-haddad',
    })
    const byNew = await profile('noor-haddad', salonSlug)
    expect(byNew.json<PublicProfile>().team_member.id).toBe(salon.staffMemberId)

    // Another business's old slugs mean nothing here, and ours nothing there.
    expectProblem(await profile(before.slug, rivalSlug), 404)
    expectProblem(await profile('noor-haddad', rivalSlug), 404)
  })

  it('suffixes a slug someone else has, and keeps a slug asked for', async () => {
    const taken = await rename(salon, salon.adminMemberId, { name: 'Noor Haddad' })
    expect(taken.statusCode, taken.body).toBe(200)
    expect(taken.json<TeamMember>().slug).toBe('noor-haddad-2')

    const chosen = await rename(salon, salon.adminMemberId, {
      name: 'Noor H. Haddad',
      slug: 'noor-bookings',
    })
    expect(chosen.json<TeamMember>().slug).toBe('noor-bookings')
    // Both the slug from before the rename and the one before that lead to them.
    for (const old of ['noor-haddad-2', 'noor-bookings']) {
      const found = await profile(old, salonSlug)
      expect(found.json<PublicProfile>().team_member.id).toBe(salon.adminMemberId)
    }
  })

  it('lets a team member renaming themselves move their own address', async () => {
    const self = await call(
      testApp,
      salon.staff,
      'PATCH',
      `/api/v1/team-members/${salon.staffMemberId}`,
      {
        name: 'Noor Haddad-Lee',
      },
    )
    expect(self.statusCode, self.body).toBe(200)
    expect(self.json<TeamMember>().slug).toBe('noor-haddad-lee')
    const byFirst = await profile('noor-haddad', salonSlug)
    expect(byFirst.json<PublicProfile>().team_member.slug).toBe('noor-haddad-lee')
  })

  it('answers a slug that nobody has or had with 404', async () => {
    expectProblem(await profile('nobody-ever', salonSlug), 404)
  })
})

describe("changing the business's slug", () => {
  it('keeps the old slug finding the business, and not once another business takes it', async () => {
    const config = (
      await call(testApp, salon.owner, 'GET', '/api/v1/business-configuration')
    ).json()
    const moved = await call(testApp, salon.owner, 'PUT', '/api/v1/business-configuration', {
      ...config,
      slug: `${salonSlug}-moved`,
    })
    expect(moved.statusCode, moved.body).toBe(200)

    const byOld = await publicCall(testApp, 'GET', '/api/v1/public/business', {
      business: salonSlug,
    })
    expect(byOld.statusCode, byOld.body).toBe(200)
    expect(byOld.json().slug).toBe(`${salonSlug}-moved`)

    // The rival takes the freed slug: it is theirs now.
    const rivalConfig = (
      await call(testApp, rival.owner, 'GET', '/api/v1/business-configuration')
    ).json()
    const taken = await call(testApp, rival.owner, 'PUT', '/api/v1/business-configuration', {
      ...rivalConfig,
      slug: salonSlug,
    })
    expect(taken.statusCode, taken.body).toBe(200)
    const nowRival = await publicCall(testApp, 'GET', '/api/v1/public/business', {
      business: salonSlug,
    })
    expect(nowRival.json().slug).toBe(salonSlug)
    expect(nowRival.json().name).toBe(rivalConfig.name)
    // …and the rival's own former slug leads to the rival.
    const rivalOld = await publicCall(testApp, 'GET', '/api/v1/public/business', {
      business: rivalSlug,
    })
    expect(rivalOld.json().slug).toBe(salonSlug)
  })
})
