import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { activityLog, tenantSettings } from '../../server/db/schema.ts'
import {
  type BusinessUser,
  businessWithRoles,
  callAs,
  newOwner,
} from '../support/api/team-access.ts'
import { createTestApp, type TestApp } from '../support/api/test-app.ts'

let testApp: TestApp
let spaDir: string
let owner: BusinessUser
let admin: BusinessUser
let staff: BusinessUser
let stranger: BusinessUser
let slug: string
let strangerSlug: string

const as = (user: BusinessUser) => callAs(testApp, user)

beforeAll(async () => {
  spaDir = mkdtempSync(join(tmpdir(), 'slotwise-embed-'))
  writeFileSync(join(spaDir, 'index.html'), '<!doctype html><html><body><div id="root"></div>')
  writeFileSync(join(spaDir, 'embed.js'), ';(() => {})()')
  writeFileSync(join(spaDir, 'embed.js.gz'), gzipSync(';(() => {})()'))
  testApp = await createTestApp({ spaDir })
  ;({ owner, admin, staff } = await businessWithRoles(testApp, 'Embed Studio'))
  stranger = await newOwner(testApp, 'Other Embed Owner')
  slug = (await as(owner)('GET', '/api/v1/business-configuration')).json().slug
  strangerSlug = (await as(stranger)('GET', '/api/v1/business-configuration')).json().slug
}, 120_000)
afterAll(async () => {
  await testApp?.close()
  rmSync(spaDir, { recursive: true, force: true })
})

function page(url: string, host = '127.0.0.1') {
  return testApp.app.inject({ method: 'GET', url, headers: { accept: 'text/html', host } })
}

function frameAncestors(response: { headers: Record<string, unknown> }): string[] | undefined {
  const csp = String(response.headers['content-security-policy'])
  const directive = csp
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === 'frame-ancestors')
  return directive?.slice(1)
}

async function saveEmbed(user: BusinessUser, body: unknown) {
  return as(user)('PUT', '/api/v1/settings/embed', body)
}

async function embedEntries(tenantId: string) {
  return testApp.database.db
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.tenantId, tenantId), eq(activityLog.entityId, 'embed')))
}

describe('embed settings', () => {
  it('start with no website allowed', async () => {
    const response = await as(owner)('GET', '/api/v1/settings/embed')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ embed_origins: [], embed_any_origin: false })
  })

  it('are saved normalised, each origin once, and the change is logged', async () => {
    const response = await saveEmbed(admin, {
      embed_origins: [
        'https://WWW.Example.com/',
        'https://www.example.com:443',
        'http://localhost:8691',
        'https://bücher.de',
      ],
      embed_any_origin: false,
    })

    expect(response.statusCode).toBe(200)
    const saved = ['https://www.example.com', 'http://localhost:8691', 'https://xn--bcher-kva.de']
    expect(response.json()).toEqual({ embed_origins: saved, embed_any_origin: false })
    expect((await as(owner)('GET', '/api/v1/settings/embed')).json().embed_origins).toEqual(saved)
    const [entry] = await embedEntries(owner.tenantId)
    expect(entry).toMatchObject({ actorUid: admin.uid, entityType: 'settings', action: 'updated' })
    expect(entry?.summary).toBe(
      'Changed the embed settings: websites that may embed the booking page none → https://www.example.com, http://localhost:8691, https://xn--bcher-kva.de',
    )
  })

  it('name each origin that is not one, by its index, and save nothing', async () => {
    const before = await as(owner)('GET', '/api/v1/settings/embed')
    const response = await saveEmbed(owner, {
      embed_origins: [
        'https://ok.example.com',
        'https://example.com/booking',
        'ftp://example.com',
        'example.com',
        'https://*.example.com',
        'https://example.com; script-src *',
        'https://user:secret@example.com',
        'https://example.com?x=1',
      ],
      embed_any_origin: false,
    })

    expect(response.statusCode).toBe(400)
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/)
    expect(response.json().errors.map((error: { path: string }) => error.path)).toEqual([
      'body.embed_origins.1',
      'body.embed_origins.2',
      'body.embed_origins.3',
      'body.embed_origins.4',
      'body.embed_origins.5',
      'body.embed_origins.6',
      'body.embed_origins.7',
    ])
    expect((await as(owner)('GET', '/api/v1/settings/embed')).json()).toEqual(before.json())
  })

  it('take at most 20 origins and no unknown fields', async () => {
    const many = Array.from({ length: 21 }, (_, i) => `https://site${i}.example.com`)
    const tooMany = await saveEmbed(owner, { embed_origins: many, embed_any_origin: false })
    expect(tooMany.statusCode).toBe(400)
    expect(tooMany.json().errors[0].path).toBe('body.embed_origins')

    const extra = await saveEmbed(owner, { embed_origins: [], embed_any_origin: true, x: 1 })
    expect(extra.statusCode).toBe(400)
    const missing = await saveEmbed(owner, { embed_origins: [] })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().errors[0].path).toBe('body.embed_any_origin')
  })

  it('are for owners and admins; staff get 403', async () => {
    expect((await as(staff)('GET', '/api/v1/settings/embed')).statusCode).toBe(403)
    const refused = await saveEmbed(staff, { embed_origins: [], embed_any_origin: true })
    expect(refused.statusCode).toBe(403)
  })

  it("are each business's own: another business sees and changes only its own", async () => {
    expect((await as(stranger)('GET', '/api/v1/settings/embed')).json()).toEqual({
      embed_origins: [],
      embed_any_origin: false,
    })
    const saved = await saveEmbed(stranger, {
      embed_origins: ['https://stranger.example.org'],
      embed_any_origin: false,
    })
    expect(saved.statusCode).toBe(200)
    expect((await as(owner)('GET', '/api/v1/settings/embed')).json().embed_origins).not.toContain(
      'https://stranger.example.org',
    )
    expect(await embedEntries(stranger.tenantId)).toHaveLength(1)
  })
})

describe('framing', () => {
  it('lets only the listed websites frame the embed pages of the business', async () => {
    await saveEmbed(owner, {
      embed_origins: ['https://www.example.com', 'http://localhost:8691'],
      embed_any_origin: false,
    })
    for (const url of [
      `/embed/booking?business=${slug}`,
      `/embed/booking/calendar/abc/any?business=${slug}`,
      `/embed/booking/confirmation/abc?business=${slug}&token=t`,
    ]) {
      const response = await page(url)
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toMatch(/^text\/html/)
      expect(frameAncestors(response)).toEqual(['https://www.example.com', 'http://localhost:8691'])
      expect(response.headers['x-frame-options']).toBeUndefined()
      // The rest of the policy is the app's usual one.
      expect(String(response.headers['content-security-policy'])).toMatch(/object-src 'none'/)
    }
  })

  it('finds the business by its subdomain as the API does', async () => {
    const response = await page('/embed/booking', `${slug}.localhost:8080`)
    expect(frameAncestors(response)).toEqual(['https://www.example.com', 'http://localhost:8691'])
  })

  it("follows the business of the page, not another business's list", async () => {
    const response = await page(`/embed/booking?business=${strangerSlug}`)
    expect(frameAncestors(response)).toEqual(['https://stranger.example.org'])
  })

  it('lets any website frame them when the business says so', async () => {
    await saveEmbed(owner, { embed_origins: ['https://www.example.com'], embed_any_origin: true })
    const response = await page(`/embed/booking?business=${slug}`)
    expect(frameAncestors(response)).toEqual(['*'])
    expect(response.headers['x-frame-options']).toBeUndefined()
  })

  it('lets nobody frame them when the business lists none, or names no business', async () => {
    await saveEmbed(owner, { embed_origins: [], embed_any_origin: false })
    for (const url of [
      `/embed/booking?business=${slug}`,
      '/embed/booking',
      '/embed/booking?business=no-such-business',
    ]) {
      const response = await page(url)
      expect(response.statusCode).toBe(200)
      expect(frameAncestors(response)).toEqual(["'none'"])
    }
  })

  it('never lets anyone frame any other page, whatever the business allows', async () => {
    await saveEmbed(owner, { embed_origins: ['https://www.example.com'], embed_any_origin: true })
    for (const url of [
      `/booking?business=${slug}`,
      `/booking/calendar/abc/any?business=${slug}`,
      `/embedded?business=${slug}`,
      '/dashboard',
      '/settings/embed',
      '/login',
    ]) {
      const response = await page(url)
      expect(frameAncestors(response), url).toEqual(["'none'"])
      expect(response.headers['x-frame-options'], url).toBe('DENY')
    }
    const api = await testApp.app.inject({ method: 'GET', url: '/api/v1/health' })
    expect(frameAncestors(api)).toEqual(["'none'"])
    expect(api.headers['x-frame-options']).toBe('DENY')
  })

  it('serves the host script so that other websites may load it, compressed or not', async () => {
    for (const encoding of ['identity', 'gzip']) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: '/embed.js',
        headers: { 'accept-encoding': encoding },
      })
      expect(response.statusCode, encoding).toBe(200)
      expect(response.headers['content-encoding'], encoding).toBe(
        encoding === 'gzip' ? 'gzip' : undefined,
      )
      expect(response.headers['cross-origin-resource-policy'], encoding).toBe('cross-origin')
      expect(response.headers['cache-control'], encoding).toBe('no-cache')
    }
  })

  it('keeps a hand-edited row from widening the header', async () => {
    await testApp.database.db
      .update(tenantSettings)
      .set({
        embedOrigins: ['https://ok.example.com', "https://x.com 'unsafe-inline'"],
        embedAnyOrigin: false,
      })
      .where(eq(tenantSettings.tenantId, owner.tenantId))
    const response = await page(`/embed/booking?business=${slug}`)
    expect(frameAncestors(response)).toEqual(['https://ok.example.com'])
  })
})
