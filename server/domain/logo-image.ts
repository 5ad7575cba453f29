/**
 * A business logo checked from its own bytes, never from what the upload claims: the format
 * from its magic numbers, the width and height from the format's header (PNG IHDR, JPEG SOFn,
 * WebP VP8/VP8L/VP8X), and the file's structure walked to its end so a truncated or padded
 * file is refused. Nothing is decoded: the browser decodes, and it only ever gets a file in
 * one of three raster formats it knows (no SVG, which can carry script).
 */

export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const
export type LogoType = (typeof LOGO_TYPES)[number]

/** 1 MiB: a logo shown at most a few hundred pixels wide needs far less. */
export const LOGO_MAX_BYTES = 1024 * 1024
export const LOGO_MAX_SIDE = 2048
export const LOGO_MIN_SIDE = 16

export interface LogoImage {
  contentType: LogoType
  width: number
  height: number
}

/** Why a file is not a usable logo; `kind` lets the caller pick the status. */
export interface LogoRefusal {
  kind: 'too_large' | 'unsupported_type' | 'type_mismatch' | 'corrupt' | 'dimensions'
  message: string
}

/**
 * The logo's public address (the page's and, made absolute, the customer e-mails'): it names
 * the exact bytes, so it may be cached for good.
 */
export function logoPath(tenantId: string, sha256: string): string {
  return `/api/v1/public/logos/${tenantId}/${sha256}`
}

export function isLogoType(contentType: string): contentType is LogoType {
  return (LOGO_TYPES as readonly string[]).includes(contentType)
}

/**
 * The logo in `bytes`, or why it is refused. `declaredType` is the upload's media type (its
 * essence, lower case); it must name the format the bytes really are.
 */
export function checkLogo(
  bytes: Uint8Array,
  declaredType: string,
): { logo: LogoImage } | { refusal: LogoRefusal } {
  if (bytes.length > LOGO_MAX_BYTES) {
    return refuse('too_large', `must be at most ${LOGO_MAX_BYTES / 1024 / 1024} MB`)
  }
  if (!isLogoType(declaredType)) {
    return refuse('unsupported_type', 'must be a PNG, JPEG or WebP image')
  }
  const header = readImageHeader(bytes)
  if ('problem' in header) return refuse('corrupt', header.problem)
  if (header.contentType !== declaredType) {
    return refuse('type_mismatch', `is a ${header.contentType} file sent as ${declaredType}`)
  }
  const { width, height } = header
  if (width > LOGO_MAX_SIDE || height > LOGO_MAX_SIDE) {
    return refuse(
      'dimensions',
      `must be at most ${LOGO_MAX_SIDE}×${LOGO_MAX_SIDE} pixels (this one is ${width}×${height})`,
    )
  }
  if (width < LOGO_MIN_SIDE || height < LOGO_MIN_SIDE) {
    return refuse(
      'dimensions',
      `must be at least ${LOGO_MIN_SIDE}×${LOGO_MIN_SIDE} pixels (this one is ${width}×${height})`,
    )
  }
  return { logo: header }
}

function refuse(kind: LogoRefusal['kind'], message: string) {
  return { refusal: { kind, message } }
}

type Header = LogoImage | { problem: string }

/** The format and size the bytes declare in their own header, or what is wrong with them. */
export function readImageHeader(bytes: Uint8Array): Header {
  if (startsWith(bytes, PNG_SIGNATURE)) return readPng(bytes)
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return readJpeg(bytes)
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return readWebp(bytes)
  if (looksLikeSvg(bytes)) return { problem: 'is an SVG image; use a PNG, JPEG or WebP' }
  return { problem: 'is not a PNG, JPEG or WebP image' }
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

/** Chunks from the signature to IEND: IHDR first (13 bytes), at least one IDAT, nothing after. */
function readPng(bytes: Uint8Array): Header {
  const corrupt = { problem: 'is a damaged or incomplete PNG file' }
  let offset = PNG_SIGNATURE.length
  let size: { width: number; height: number } | undefined
  let sawData = false
  while (offset + 12 <= bytes.length) {
    const length = uint32be(bytes, offset)
    const type = ascii(bytes, offset + 4, 4)
    const end = offset + 12 + length
    if (end > bytes.length) return corrupt
    if (size === undefined) {
      if (type !== 'IHDR' || length !== 13) return corrupt
      size = { width: uint32be(bytes, offset + 8), height: uint32be(bytes, offset + 12) }
    } else if (type === 'IDAT') {
      sawData = true
    } else if (type === 'IEND') {
      return end === bytes.length && sawData ? { contentType: 'image/png', ...size } : corrupt
    }
    offset = end
  }
  return corrupt
}

/** Segments from SOI to the first frame header (SOFn); the file must end with EOI. */
function readJpeg(bytes: Uint8Array): Header {
  const corrupt = { problem: 'is a damaged or incomplete JPEG file' }
  const n = bytes.length
  if (n < 4 || bytes[n - 2] !== 0xff || bytes[n - 1] !== 0xd9) return corrupt
  let offset = 2
  while (offset + 4 <= n) {
    if (bytes[offset] !== 0xff) return corrupt
    const marker = bytes[offset + 1] ?? 0
    // Fill bytes: any number of 0xFF may precede a marker.
    if (marker === 0xff) {
      offset += 1
      continue
    }
    // Markers without a length: TEM and the restart markers.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2
      continue
    }
    // Start of scan or end of image before any frame header: no size to read.
    if (marker === 0xda || marker === 0xd9 || marker === 0xd8) return corrupt
    const length = uint16be(bytes, offset + 2)
    if (length < 2 || offset + 2 + length > n) return corrupt
    if (isStartOfFrame(marker)) {
      if (length < 8) return corrupt
      const height = uint16be(bytes, offset + 5)
      const width = uint16be(bytes, offset + 7)
      // A height of 0 is given later (DNL): rare, and not a size we can check.
      if (height === 0 || width === 0) return corrupt
      return { contentType: 'image/jpeg', width, height }
    }
    offset += 2 + length
  }
  return corrupt
}

/** SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC), which share the range. */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc
}

/** The RIFF size must match the file; the first chunk (VP8, VP8L or VP8X) gives the size. */
function readWebp(bytes: Uint8Array): Header {
  const corrupt = { problem: 'is a damaged or incomplete WebP file' }
  if (bytes.length < 20 || uint32le(bytes, 4) + 8 !== bytes.length) return corrupt
  const chunk = ascii(bytes, 12, 4)
  const chunkLength = uint32le(bytes, 16)
  if (20 + chunkLength > bytes.length) return corrupt
  const data = 20
  if (chunk === 'VP8 ') {
    // A key frame (bit 0 of the frame tag clear), the start code, then 14-bit sizes.
    const keyFrame = ((bytes[data] ?? 1) & 1) === 0
    const startCode = startsWith(bytes.subarray(data + 3), [0x9d, 0x01, 0x2a])
    if (chunkLength < 10 || !keyFrame || !startCode) return corrupt
    return {
      contentType: 'image/webp',
      width: uint16le(bytes, data + 6) & 0x3fff,
      height: uint16le(bytes, data + 8) & 0x3fff,
    }
  }
  if (chunk === 'VP8L') {
    if (chunkLength < 5 || bytes[data] !== 0x2f) return corrupt
    const bits = uint32le(bytes, data + 1)
    // The top three bits are the version, which must be 0.
    if (bits >>> 29 !== 0) return corrupt
    return {
      contentType: 'image/webp',
      width: (bits & 0x3fff) + 1,
      height: ((bits >>> 14) & 0x3fff) + 1,
    }
  }
  if (chunk === 'VP8X') {
    if (chunkLength !== 10) return corrupt
    return {
      contentType: 'image/webp',
      width: uint24le(bytes, data + 4) + 1,
      height: uint24le(bytes, data + 7) + 1,
    }
  }
  return corrupt
}

/** SVG is text: an XML declaration, a comment or an `<svg` near the start. */
function looksLikeSvg(bytes: Uint8Array): boolean {
  const start = ascii(bytes, 0, Math.min(bytes.length, 1024)).trimStart().toLowerCase()
  return start.startsWith('<?xml') || start.startsWith('<svg') || start.includes('<svg')
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.length <= bytes.length && prefix.every((byte, i) => bytes[i] === byte)
}

function ascii(bytes: Uint8Array, offset: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(offset, offset + length))
}

function byteAt(bytes: Uint8Array, offset: number): number {
  return bytes[offset] ?? 0
}

function uint16be(bytes: Uint8Array, offset: number): number {
  return (byteAt(bytes, offset) << 8) | byteAt(bytes, offset + 1)
}

function uint32be(bytes: Uint8Array, offset: number): number {
  return uint16be(bytes, offset) * 0x10000 + uint16be(bytes, offset + 2)
}

function uint16le(bytes: Uint8Array, offset: number): number {
  return byteAt(bytes, offset) | (byteAt(bytes, offset + 1) << 8)
}

function uint24le(bytes: Uint8Array, offset: number): number {
  return uint16le(bytes, offset) | (byteAt(bytes, offset + 2) << 16)
}

function uint32le(bytes: Uint8Array, offset: number): number {
  return uint24le(bytes, offset) + byteAt(bytes, offset + 3) * 0x1000000
}
