import { describe, expect, it } from 'vitest'
import {
  checkEmbedOrigins,
  embedFrameAncestors,
  normaliseEmbedOrigin,
} from '../../../../server/domain/embed-origins.ts'
import { EMBED_PREFIX, isEmbedPath } from '../../../../shared/booking-links.ts'

describe('normaliseEmbedOrigin', () => {
  it.each([
    ['https://Example.com', 'https://example.com'],
    ['  https://www.example.com/  ', 'https://www.example.com'],
    ['https://example.com:443', 'https://example.com'],
    ['http://example.com:80', 'http://example.com'],
    ['http://localhost:8691', 'http://localhost:8691'],
    ['https://[::1]:3000', 'https://[::1]:3000'],
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
    ['https://bücher.de', 'https://xn--bcher-kva.de'],
  ])('reads %s as %s', (value, origin) => {
    expect(normaliseEmbedOrigin(value)).toBe(origin)
  })

  it.each([
    'example.com',
    'www.example.com/booking',
    'https://example.com/booking',
    'https://example.com//',
    'https://example.com?',
    'https://example.com?x=1',
    'https://example.com#',
    'https://example.com#top',
    'ftp://example.com',
    'javascript:alert(1)',
    'data:text/html,hi',
    'https://user:secret@example.com',
    'https://*.example.com',
    "https://example.com 'unsafe-inline'",
    'https://example.com;script-src',
    'https://-bad-.example.com',
    '*',
    "'self'",
    '',
  ])('refuses %j', (value) => {
    expect(normaliseEmbedOrigin(value)).toBeNull()
  })
})

describe('checkEmbedOrigins', () => {
  it('keeps each origin once, in the order first given', () => {
    expect(
      checkEmbedOrigins(['https://b.example', 'https://A.example/', 'https://b.example:443']),
    ).toEqual({ ok: true, origins: ['https://b.example', 'https://a.example'] })
  })

  it('names every bad entry by its index', () => {
    expect(checkEmbedOrigins(['https://ok.example', 'nope', 'https://x.example/a'])).toEqual({
      ok: false,
      errors: [
        { index: 1, message: expect.stringMatching(/^must be a website origin/) },
        { index: 2, message: expect.stringMatching(/^must be a website origin/) },
      ],
    })
  })
})

describe('embedFrameAncestors', () => {
  it('is * when any website may frame, the list otherwise, none when empty', () => {
    expect(embedFrameAncestors({ anyOrigin: true, origins: [] })).toEqual(['*'])
    expect(embedFrameAncestors({ anyOrigin: false, origins: ['https://a.example'] })).toEqual([
      'https://a.example',
    ])
    expect(embedFrameAncestors({ anyOrigin: false, origins: [] })).toEqual(["'none'"])
  })

  it('drops anything stored that is not an origin in its normal spelling', () => {
    expect(
      embedFrameAncestors({
        anyOrigin: false,
        origins: ['https://A.example', "https://b.example 'unsafe-eval'", '*'],
      }),
    ).toEqual(["'none'"])
  })
})

describe('isEmbedPath', () => {
  it('is the /embed prefix and what is under it, nothing that merely starts alike', () => {
    expect(EMBED_PREFIX).toBe('/embed')
    expect(isEmbedPath('/embed')).toBe(true)
    expect(isEmbedPath('/embed/booking')).toBe(true)
    expect(isEmbedPath('/embed/booking/calendar/a/b')).toBe(true)
    expect(isEmbedPath('/embedded')).toBe(false)
    expect(isEmbedPath('/embed.js')).toBe(false)
    expect(isEmbedPath('/booking')).toBe(false)
  })
})
