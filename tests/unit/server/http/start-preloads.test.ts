import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  readStartChunkGroups,
  startFiles,
  withStartPreloads,
} from '../../../../server/http/start-preloads.ts'

const GROUPS = {
  'staff-shell': ['static/js/async/shared.js', 'static/js/async/staff-shell.js'],
  firebase: ['static/js/async/firebase.js'],
  'screen-dashboard': [
    'static/js/async/shared.js',
    'static/js/async/screen-dashboard.js',
    'static/css/async/screen-dashboard.css',
  ],
  'screen-calendar': ['static/js/async/screen-calendar.js'],
  'screen-calendar-start': ['static/js/async/screen-calendar-start.js'],
  'screen-calendars': ['static/js/async/not-the-calendar.js'],
}

describe('startFiles', () => {
  it("gives a staff screen's groups with the signed-in areas' and Firebase's, each file once", () => {
    expect(startFiles(GROUPS, '/dashboard')).toEqual([
      'static/js/async/shared.js',
      'static/js/async/staff-shell.js',
      'static/js/async/firebase.js',
      'static/js/async/screen-dashboard.js',
      'static/css/async/screen-dashboard.css',
    ])
  })

  it("takes the screen's parts by its first path segment, and no screen that only starts alike", () => {
    const files = startFiles(GROUPS, '/calendar/anything')
    expect(files).toContain('static/js/async/screen-calendar.js')
    expect(files).toContain('static/js/async/screen-calendar-start.js')
    expect(files).not.toContain('static/js/async/not-the-calendar.js')
  })

  it('gives nothing where no screen group matches: booking pages, sign-in, the root', () => {
    for (const path of [
      '/booking',
      '/booking/ana',
      '/embed/booking',
      '/login',
      '/',
      '/Dashboard',
    ]) {
      expect(startFiles(GROUPS, path), path).toEqual([])
    }
  })
})

describe('withStartPreloads', () => {
  const html = '<html><head><title>Slotwise</title></head><body></body></html>'

  it('names each script and style as a preload before the head ends', () => {
    expect(withStartPreloads(html, ['static/js/async/a.js', 'static/css/async/a.css'])).toBe(
      '<html><head><title>Slotwise</title><link rel="preload" href="/static/js/async/a.js" as="script"><link rel="preload" href="/static/css/async/a.css" as="style"></head><body></body></html>',
    )
  })

  it('leaves the page as it was without files, and leaves out a name that is not a plain file', () => {
    expect(withStartPreloads(html, [])).toBe(html)
    expect(withStartPreloads(html, ['static/js/"><script>x.js'])).not.toContain('<script>')
  })
})

describe('readStartChunkGroups', () => {
  const dir = mkdtempSync(join(tmpdir(), 'slotwise-start-chunks-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it("reads the build's list, and is empty for a build without one", async () => {
    expect(await readStartChunkGroups(dir)).toEqual({})
    writeFileSync(join(dir, 'start-chunks.json'), JSON.stringify(GROUPS))
    expect(await readStartChunkGroups(dir)).toEqual(GROUPS)
  })
})
