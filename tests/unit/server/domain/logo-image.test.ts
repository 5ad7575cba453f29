import { describe, expect, it } from 'vitest'
import { checkLogo, LOGO_MAX_BYTES, readImageHeader } from '../../../../server/domain/logo-image.ts'
import {
  jpeg,
  png,
  SVG,
  webpExtended,
  webpLossless,
  webpLossy,
} from '../../../support/unit/images.ts'

describe('readImageHeader', () => {
  it('reads the format and size from each header', () => {
    expect(readImageHeader(png(40, 30))).toEqual({
      contentType: 'image/png',
      width: 40,
      height: 30,
    })
    expect(readImageHeader(jpeg(640, 480))).toEqual({
      contentType: 'image/jpeg',
      width: 640,
      height: 480,
    })
    expect(readImageHeader(webpLossless(300, 200))).toEqual({
      contentType: 'image/webp',
      width: 300,
      height: 200,
    })
    expect(readImageHeader(webpLossy(120, 90))).toEqual({
      contentType: 'image/webp',
      width: 120,
      height: 90,
    })
    expect(readImageHeader(webpExtended(2048, 1))).toEqual({
      contentType: 'image/webp',
      width: 2048,
      height: 1,
    })
  })

  it('finds the JPEG frame header after other segments and fill bytes', () => {
    const file = jpeg(64, 32)
    // Two fill bytes before the first APP0 marker are allowed by the standard.
    const filled = Buffer.concat([file.subarray(0, 2), Buffer.from([0xff, 0xff]), file.subarray(2)])
    expect(readImageHeader(filled)).toMatchObject({ width: 64, height: 32 })
  })

  it('refuses every truncation of a valid file', () => {
    for (const file of [png(20, 20), jpeg(20, 20), webpLossless(20, 20), webpLossy(20, 20)]) {
      for (let length = 0; length < file.length; length += 1) {
        expect(readImageHeader(file.subarray(0, length)), `cut at ${length}`).toHaveProperty(
          'problem',
        )
      }
    }
  })

  it('refuses a PNG with bytes after IEND or without image data', () => {
    expect(readImageHeader(Buffer.concat([png(20, 20), Buffer.from('<script>')]))).toHaveProperty(
      'problem',
    )
    const file = png(20, 20)
    // Rename IDAT to a private chunk type: the file now has no pixels.
    const noData = Buffer.from(file)
    noData.write('zzzz', noData.indexOf('IDAT'), 'latin1')
    expect(readImageHeader(noData)).toHaveProperty('problem')
  })

  it('refuses a PNG whose chunk claims more bytes than the file has', () => {
    const file = Buffer.from(png(20, 20))
    file.writeUInt32BE(0x7fffffff, file.indexOf('IDAT') - 4)
    expect(readImageHeader(file)).toEqual({ problem: 'is a damaged or incomplete PNG file' })
  })

  it('refuses a WebP whose RIFF size lies about the file', () => {
    const file = Buffer.from(webpLossless(20, 20))
    file.writeUInt32LE(file.readUInt32LE(4) + 100, 4)
    expect(readImageHeader(file)).toHaveProperty('problem')
  })

  it('refuses a JPEG whose height is left to a later DNL segment', () => {
    expect(readImageHeader(jpeg(20, 0))).toHaveProperty('problem')
  })

  it('names SVG and refuses other files', () => {
    expect(readImageHeader(SVG)).toEqual({ problem: 'is an SVG image; use a PNG, JPEG or WebP' })
    expect(readImageHeader(Buffer.from('  <svg xmlns="http://www.w3.org/2000/svg"/>'))).toEqual({
      problem: 'is an SVG image; use a PNG, JPEG or WebP',
    })
    expect(readImageHeader(Buffer.from('GIF89a\x01\0\x01\0', 'latin1'))).toEqual({
      problem: 'is not a PNG, JPEG or WebP image',
    })
    expect(readImageHeader(new Uint8Array())).toHaveProperty('problem')
  })
})

describe('checkLogo', () => {
  it('accepts a file sent as what it is, within the limits', () => {
    expect(checkLogo(png(16, 16), 'image/png')).toEqual({
      logo: { contentType: 'image/png', width: 16, height: 16 },
    })
    expect(checkLogo(jpeg(2048, 2048), 'image/jpeg')).toHaveProperty('logo')
    expect(checkLogo(webpLossless(100, 50), 'image/webp')).toHaveProperty('logo')
  })

  it('refuses a file sent as another format than it is', () => {
    expect(checkLogo(png(20, 20), 'image/jpeg')).toEqual({
      refusal: { kind: 'type_mismatch', message: 'is a image/png file sent as image/jpeg' },
    })
    expect(checkLogo(jpeg(20, 20), 'image/webp')).toHaveProperty('refusal.kind', 'type_mismatch')
  })

  it('refuses a PNG that lies about its size in IHDR only when the size is outside the limits', () => {
    // The header is what browsers lay out by; a lie within the limits is still a small image.
    expect(checkLogo(png(20, 20, { claimed: { width: 5000, height: 20 } }), 'image/png')).toEqual({
      refusal: {
        kind: 'dimensions',
        message: 'must be at most 2048×2048 pixels (this one is 5000×20)',
      },
    })
  })

  it('refuses SVG and other media types before reading', () => {
    expect(checkLogo(SVG, 'image/svg+xml')).toHaveProperty('refusal.kind', 'unsupported_type')
    expect(checkLogo(SVG, 'image/png')).toEqual({
      refusal: { kind: 'corrupt', message: 'is an SVG image; use a PNG, JPEG or WebP' },
    })
  })

  it('refuses images too small or too large in pixels', () => {
    expect(checkLogo(png(15, 100), 'image/png')).toHaveProperty('refusal.kind', 'dimensions')
    expect(checkLogo(jpeg(2049, 10), 'image/jpeg')).toHaveProperty('refusal.kind', 'dimensions')
    expect(checkLogo(webpExtended(16, 4096), 'image/webp')).toHaveProperty(
      'refusal.kind',
      'dimensions',
    )
  })

  it('refuses files over the byte limit', () => {
    const big = Buffer.concat([png(20, 20), Buffer.alloc(LOGO_MAX_BYTES)])
    expect(checkLogo(big, 'image/png')).toEqual({
      refusal: { kind: 'too_large', message: 'must be at most 1 MB' },
    })
  })
})
