import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyRequest } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  BOOKING_CATALOGUE_ELEMENT_ID,
  withBookingPageData,
} from '../../server/http/booking-page-data.ts'
import { publicCall, slugOf } from '../support/api/public-booking.ts'
import { addService, createSchedulingBusiness } from '../support/api/scheduling-business.ts'
import { createTestApp, type TestApp } from '../support/api/test-app.ts'

/** A name that would end the data block and run a script if it were not escaped. */
const HOSTILE_NAME = '</script><script>alert(1)</script>'
const SHELL =
  '<!doctype html><html><head><title>Slotwise</title></head><body><div id="root"></div><script defer src="/static/js/index.js"></script></body></html>'

let testApp: TestApp
let spaDir: string
let slug: string
let hostileServiceId: string

beforeAll(async () => {
  spaDir = mkdtempSync(join(tmpdir(), 'slotwise-booking-html-'))
  writeFileSync(join(spaDir, 'index.html'), SHELL)
  testApp = await createTestApp({ spaDir })
  const salon = await createSchedulingBusiness(testApp, 'Inline')
  slug = await slugOf(testApp, salon.tenantId)
  hostileServiceId = await addService(testApp, salon.owner, {
    name: HOSTILE_NAME,
    duration_minutes: 30,
    team_member_ids: [salon.ownerMemberId],
  })
}, 120_000)
afterAll(async () => {
  await testApp?.close()
  rmSync(spaDir, { recursive: true, force: true })
})

function navigate(url: string) {
  return testApp.app.inject({ method: 'GET', url, headers: { accept: 'text/html,*/*;q=0.8' } })
}

/** Every data block with the catalogue's id in the page (a page must carry at most one). */
function catalogueBlocks(html: string): string[] {
  const pattern = new RegExp(
    `<script type="application/json" id="${BOOKING_CATALOGUE_ELEMENT_ID}">([\\s\\S]*?)</script>`,
    'g',
  )
  return [...html.matchAll(pattern)].map((match) => match[1] ?? '')
}

describe('the booking page carries its catalogue inline', () => {
  it('sends the business, its services and team members as the public API answers them', async () => {
    const response = await navigate(`/booking?business=${slug}`)

    expect(response.statusCode).toBe(200)
    const blocks = catalogueBlocks(response.body)
    expect(blocks).toHaveLength(1)
    const inline = JSON.parse(blocks[0] ?? '')
    const api = (path: string) => publicCall(testApp, 'GET', path, { business: slug })
    expect(inline).toEqual({
      business: (await api('/api/v1/public/business')).json(),
      services: (await api('/api/v1/public/services')).json().items,
      teamMembers: (await api('/api/v1/public/team-members')).json().items,
    })
    expect(inline.services.map((service: { id: string }) => service.id)).toContain(hostileServiceId)
  })

  it('gives the embedded wizard (under /embed) the same catalogue', async () => {
    const page = catalogueBlocks((await navigate(`/booking?business=${slug}`)).body)
    const embedded = catalogueBlocks((await navigate(`/embed/booking?business=${slug}`)).body)

    expect(embedded).toHaveLength(1)
    expect(JSON.parse(embedded[0] ?? '')).toEqual(JSON.parse(page[0] ?? ''))
  })

  it('escapes a service name that tries to close the block and run a script', async () => {
    const response = await navigate(`/booking?business=${slug}`)

    // The raw name never appears; the only </script> after the block opens is its own.
    expect(response.body).not.toContain(HOSTILE_NAME)
    expect(response.body).not.toContain('<script>alert(1)')
    const inline = JSON.parse(catalogueBlocks(response.body)[0] ?? '')
    expect(inline.services.map((service: { name: string }) => service.name)).toContain(HOSTILE_NAME)
  })

  it('carries it on the later wizard steps too (a deep link to the time step)', async () => {
    const response = await navigate(`/booking/calendar/${hostileServiceId}/any?business=${slug}`)

    expect(response.statusCode).toBe(200)
    expect(catalogueBlocks(response.body)).toHaveLength(1)
  })

  it('sends an unknown business the plain shell: the wizard shows the API answer itself', async () => {
    const response = await navigate('/booking?business=no-such-business-here')

    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('<div id="root"></div>')
    expect(catalogueBlocks(response.body)).toEqual([])
  })

  it('adds nothing to staff pages, the confirmation page or the return from paying', async () => {
    for (const path of [
      `/dashboard?business=${slug}`,
      `/booking/confirmation/${hostileServiceId}?business=${slug}`,
      `/booking/payment/${hostileServiceId}?business=${slug}&token=t&outcome=paid&session_id=cs_1`,
    ]) {
      const response = await navigate(path)
      expect(response.statusCode, path).toBe(200)
      expect(catalogueBlocks(response.body), path).toEqual([])
    }
  })
})

describe('a catalogue that fails to load', () => {
  it('is logged and the plain page served, never a 500', async () => {
    const logged: unknown[] = []
    const request = {
      url: '/booking',
      log: { error: (details: unknown) => logged.push(details) },
    } as unknown as FastifyRequest

    const html = await withBookingPageData(request, SHELL, async () => {
      throw new Error('database unavailable')
    })

    expect(html).toBe(SHELL)
    expect(logged).toHaveLength(1)
  })
})
