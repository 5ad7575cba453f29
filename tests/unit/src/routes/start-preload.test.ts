/**
 * Which screen a cold start preloads (src/routes/start-preload.ts): the one the router will
 * show at the address, with the route table's order and redirects, so the chunk fetched early
 * is the chunk the first render asks for.
 */
import { describe, expect, it } from 'vitest'
import { screenRouteAt } from '../../../../src/routes/start-preload'

const pathAt = (pathname: string) => screenRouteAt(pathname)?.path

describe('screenRouteAt', () => {
  it('finds a fixed path, with or without a trailing slash', () => {
    expect(pathAt('/dashboard')).toBe('/dashboard')
    expect(pathAt('/calendar/')).toBe('/calendar')
  })

  it("fills a pattern's parameters, part by part", () => {
    expect(pathAt('/customers/0b6f3c1e-5d2a-4c4e-9f1a-2f7f1b2c3d4e')).toBe('/customers/:id')
    expect(pathAt('/customers/abc/edit')).toBe('/customers/:id/edit')
    expect(pathAt('/services/abc/edit')).toBe('/services/:id/edit')
  })

  it('takes the first route that matches, as the router does', () => {
    expect(pathAt('/customers/create')).toBe('/customers/create')
    expect(pathAt('/settings/billing')).toBe('/settings/billing')
    expect(pathAt('/settings/anything-else')).toBe('/settings/:settingId')
  })

  it('follows redirects to the screen they lead to', () => {
    expect(pathAt('/')).toBe('/dashboard')
    expect(pathAt('/billing')).toBe('/settings/billing')
  })

  it('finds nothing for an unknown path or one with more parts than any pattern', () => {
    expect(pathAt('/nowhere')).toBeUndefined()
    expect(pathAt('/customers/abc/edit/more')).toBeUndefined()
    expect(pathAt('/calendarx')).toBeUndefined()
  })
})
