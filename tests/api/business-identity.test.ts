import { createHash, randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { describe, expect, it } from 'vitest'
import { activityLog, billingAccounts } from '../../server/db/schema.ts'
import type { components } from '../../shared/contract/schema.d.ts'
import type { EmulatorUser } from '../support/api/emulator-users.ts'
import { publicCall, slugOf } from '../support/api/public-booking.ts'
import { type BusinessUser, setUpBusinessWithRoles } from '../support/api/team-access.ts'
import { jpeg, png, SVG, webpLossless } from '../support/unit/images.ts'

type Logo = components['schemas']['Logo']
type PublicBusiness = components['schemas']['PublicBusiness']

const world = setUpBusinessWithRoles('Identity', 'Other Identity Owner')
const LOGO_PATH = '/api/v1/settings/appearance/logo'

function upload(user: EmulatorUser, bytes: Buffer | string, contentType: string) {
  return world.testApp.app.inject({
    method: 'PUT',
    url: LOGO_PATH,
    headers: { authorization: `Bearer ${user.idToken}`, 'content-type': contentType },
    payload: bytes,
  })
}

function removeLogo(user: EmulatorUser) {
  return world.as(user as BusinessUser)('DELETE', LOGO_PATH)
}

async function publicBusinessOf(tenantId: string): Promise<PublicBusiness> {
  const slug = await slugOf(world.testApp, tenantId)
  const response = await publicCall(world.testApp, 'GET', '/api/v1/public/business', {
    business: slug,
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json<PublicBusiness>()
}

function expectProblem(response: LightMyRequestResponse, status: number, path: string) {
  expect(response.statusCode, response.body).toBe(status)
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/)
  expect(response.json<{ errors?: { path: string }[] }>().errors?.map((e) => e.path)).toEqual([
    path,
  ])
}

async function logoEntries(tenantId: string) {
  return world.testApp.database.db
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.tenantId, tenantId), eq(activityLog.entityId, 'appearance')))
    .orderBy(activityLog.occurredAt)
}

describe('uploading a logo', () => {
  it('stores a PNG, shows it in the settings and on the public business, and logs it', async () => {
    const file = png(120, 40)
    const sha256 = createHash('sha256').update(file).digest('hex')
    const response = await upload(world.admin, file, 'image/png')

    expect(response.statusCode, response.body).toBe(200)
    const logo = response.json<Logo>()
    expect(logo).toEqual({
      url: `/api/v1/public/logos/${world.owner.tenantId}/${sha256}`,
      content_type: 'image/png',
      width: 120,
      height: 40,
    })
    const settings = await world.as(world.owner)('GET', '/api/v1/settings')
    expect(settings.json().logo).toEqual(logo)
    expect(await publicBusinessOf(world.owner.tenantId)).toMatchObject({
      logo_url: logo.url,
      logo_width: 120,
      logo_height: 40,
    })
    expect((await logoEntries(world.owner.tenantId)).at(-1)).toMatchObject({
      actorUid: world.admin.uid,
      entityType: 'settings',
      action: 'updated',
      summary: 'Changed the appearance: logo none → PNG 120×40',
      changes: [{ field: 'logo', before: null, after: 'PNG 120×40' }],
    })
  })

  it('serves the file at its content-addressed URL with long cache headers, and 404 for another hash', async () => {
    const file = png(64, 64, { rgb: [200, 30, 30] })
    const logo = (await upload(world.owner, file, 'image/png')).json<Logo>()

    const served = await publicCall(world.testApp, 'GET', logo.url)
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/png')
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(served.headers['x-content-type-options']).toBe('nosniff')
    expect(served.rawPayload.equals(file)).toBe(true)

    const otherHash = logo.url.replace(/[0-9a-f]{64}$/, 'a'.repeat(64))
    expect((await publicCall(world.testApp, 'GET', otherHash)).statusCode).toBe(404)
    const badHash = logo.url.replace(/[0-9a-f]{64}$/, 'not-a-hash')
    expectProblem(await publicCall(world.testApp, 'GET', badHash), 400, 'path.sha256')
  })

  it('replacing the logo retires the old address; the same file again changes nothing', async () => {
    const first = (await upload(world.owner, png(32, 32), 'image/png')).json<Logo>()
    const entries = (await logoEntries(world.owner.tenantId)).length
    expect((await upload(world.owner, png(32, 32), 'image/png')).json<Logo>()).toEqual(first)
    expect(await logoEntries(world.owner.tenantId)).toHaveLength(entries)

    const second = (await upload(world.owner, jpeg(300, 100), 'image/jpeg')).json<Logo>()
    expect(second.url).not.toBe(first.url)
    expect((await publicCall(world.testApp, 'GET', first.url)).statusCode).toBe(404)
    const served = await publicCall(world.testApp, 'GET', second.url)
    expect(served.headers['content-type']).toBe('image/jpeg')
    expect((await logoEntries(world.owner.tenantId)).at(-1)?.summary).toBe(
      'Changed the appearance: logo PNG 32×32 → JPEG 300×100',
    )
  })

  it('takes WebP too', async () => {
    const response = await upload(world.owner, webpLossless(200, 80), 'image/webp')
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json<Logo>()).toMatchObject({ content_type: 'image/webp', width: 200 })
  })

  it('refuses SVG by its media type (415 naming the content type)', async () => {
    const response = await upload(world.owner, SVG, 'image/svg+xml')
    expect(response.statusCode).toBe(415)
    expect(response.json().errors[0].path).toBe('header.content-type')
  })

  it('refuses SVG sent as a PNG, a file of another type, a corrupt file and bad sizes (400 naming the body)', async () => {
    expectProblem(await upload(world.owner, SVG, 'image/png'), 400, 'body')
    expectProblem(await upload(world.owner, png(40, 40), 'image/jpeg'), 400, 'body')
    expectProblem(await upload(world.owner, png(40, 40).subarray(0, 60), 'image/png'), 400, 'body')
    expectProblem(await upload(world.owner, png(8, 8), 'image/png'), 400, 'body')
    expectProblem(await upload(world.owner, jpeg(4000, 100), 'image/jpeg'), 400, 'body')
    const lying = png(20, 20, { claimed: { width: 20, height: 9000 } })
    const refused = await upload(world.owner, lying, 'image/png')
    expectProblem(refused, 400, 'body')
    expect(refused.json().detail).toBe(
      'The logo must be at most 2048×2048 pixels (this one is 20×9000).',
    )
  })

  it('refuses a file over 1 MB with 413 naming the body, and an empty body with 400', async () => {
    const big = Buffer.concat([png(20, 20), Buffer.alloc(1024 * 1024)])
    const response = await upload(world.owner, big, 'image/png')
    expectProblem(response, 413, 'body')
    expect(response.json().detail).toBe('The logo must be at most 1 MB.')
    // Far beyond the limit the body is not even read: still a 413 problem.
    const huge = await upload(world.owner, Buffer.alloc(3 * 1024 * 1024), 'image/png')
    expect(huge.statusCode).toBe(413)
    expect(huge.headers['content-type']).toMatch(/^application\/problem\+json/)
    expectProblem(await upload(world.owner, Buffer.alloc(0), 'image/png'), 400, 'body')
  })

  it('refuses a JSON or multipart body with 415', async () => {
    const json = await world.as(world.owner)('PUT', LOGO_PATH, { url: 'https://x.test/a.png' })
    expect(json.statusCode).toBe(415)
    const form = await upload(world.owner, '--x\r\n\r\n--x--', 'multipart/form-data; boundary=x')
    expect(form.statusCode).toBe(415)
  })

  it('is for owners and admins: staff get 403, a stranger changes only their own business', async () => {
    const before = await publicBusinessOf(world.owner.tenantId)
    const staff = await upload(world.staff, png(20, 20), 'image/png')
    expect(staff.statusCode).toBe(403)
    expect((await removeLogo(world.staff)).statusCode).toBe(403)

    const theirs = (await upload(world.stranger, png(48, 48), 'image/png')).json<Logo>()
    expect(theirs.url).toContain(world.stranger.tenantId)
    expect((await publicBusinessOf(world.owner.tenantId)).logo_url).toBe(before.logo_url)
    // Another business's id with this business's hash, and the other way round: 404.
    const ours = before.logo_url ?? ''
    const [, sha] = /\/([0-9a-f]{64})$/.exec(ours) ?? []
    expect(sha).toBeDefined()
    const crossed = `/api/v1/public/logos/${world.stranger.tenantId}/${sha}`
    expect((await publicCall(world.testApp, 'GET', crossed)).statusCode).toBe(404)
    const unknown = `/api/v1/public/logos/${randomUUID()}/${sha}`
    expect((await publicCall(world.testApp, 'GET', unknown)).statusCode).toBe(404)
    expect((await removeLogo(world.stranger)).statusCode).toBe(204)
    expect((await publicCall(world.testApp, 'GET', ours)).statusCode).toBe(200)
  })

  it('needs sign-in', async () => {
    const response = await world.testApp.app.inject({
      method: 'PUT',
      url: LOGO_PATH,
      headers: { 'content-type': 'image/png' },
      payload: png(20, 20),
    })
    expect(response.statusCode).toBe(401)
  })
})

describe('removing the logo', () => {
  it('removes it everywhere, logs it, and is a no-op the second time', async () => {
    const logo = (await upload(world.owner, png(50, 20), 'image/png')).json<Logo>()
    expect((await removeLogo(world.admin)).statusCode).toBe(204)

    expect((await world.as(world.owner)('GET', '/api/v1/settings')).json().logo).toBeNull()
    expect((await publicBusinessOf(world.owner.tenantId)).logo_url).toBeNull()
    expect((await publicCall(world.testApp, 'GET', logo.url)).statusCode).toBe(404)
    const entries = await logoEntries(world.owner.tenantId)
    expect(entries.at(-1)?.summary).toBe('Changed the appearance: logo PNG 50×20 → none')
    expect((await removeLogo(world.admin)).statusCode).toBe(204)
    expect(await logoEntries(world.owner.tenantId)).toHaveLength(entries.length)
  })
})

describe('"Powered by Slotwise"', () => {
  async function setPlan(tenantId: string, state: Partial<typeof billingAccounts.$inferInsert>) {
    await world.testApp.database.db
      .update(billingAccounts)
      .set(state)
      .where(eq(billingAccounts.tenantId, tenantId))
  }
  const trialEnded = { trialEndsAt: new Date(Date.now() - 60_000) }
  const subscribed = (planId: string) => ({
    ...trialEnded,
    planId,
    stripeSubscriptionId: `sub_test_${randomUUID()}`,
    stripeStatus: 'active' as const,
    billingInterval: 'month' as const,
  })

  it('is hidden during the Pro trial and on Pro, shown on Free and Starter', async () => {
    const tenantId = world.stranger.tenantId
    expect((await publicBusinessOf(tenantId)).show_powered_by).toBe(false)
    await setPlan(tenantId, trialEnded)
    expect((await publicBusinessOf(tenantId)).show_powered_by).toBe(true)
    await setPlan(tenantId, subscribed('starter'))
    expect((await publicBusinessOf(tenantId)).show_powered_by).toBe(true)
    await setPlan(tenantId, subscribed('pro'))
    expect((await publicBusinessOf(tenantId)).show_powered_by).toBe(false)
  })
})
