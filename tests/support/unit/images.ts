import { deflateSync } from 'node:zlib'

/*
 * Image files made in the test, byte by byte, so each test says exactly what it sends. The PNG
 * is a real, decodable image (browsers show it); the JPEG and WebP files are structurally
 * valid headers around placeholder data, which is all the server reads.
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function pngChunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'latin1')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0)
  return Buffer.concat([head, data, crc])
}

/** A real RGB PNG of one colour. `claimed` writes other sizes into IHDR than the pixels have. */
export function png(
  width: number,
  height: number,
  options: { rgb?: [number, number, number]; claimed?: { width: number; height: number } } = {},
): Buffer {
  const [r, g, b] = options.rgb ?? [79, 70, 229]
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(options.claimed?.width ?? width, 0)
  ihdr.writeUInt32BE(options.claimed?.height ?? height, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 2 // truecolour
  const row = Buffer.alloc(1 + width * 3)
  for (let x = 0; x < width; x += 1) row.set([r, g, b], 1 + x * 3)
  const pixels = Buffer.concat(Array.from({ length: height }, () => row))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', new Uint8Array()),
  ])
}

function segment(marker: number, data: Uint8Array): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0])
  head.writeUInt16BE(data.length + 2, 2)
  return Buffer.concat([head, data])
}

/** SOI, APP0 (JFIF), a DQT-sized filler, SOF0 with the size, SOS, data, EOI. */
export function jpeg(width: number, height: number): Buffer {
  const sof = Buffer.alloc(15)
  sof[0] = 8
  sof.writeUInt16BE(height, 1)
  sof.writeUInt16BE(width, 3)
  sof[5] = 3
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1')),
    segment(0xdb, Buffer.alloc(65)),
    segment(0xc0, sof),
    segment(0xda, Buffer.from([1, 1, 0, 0, 0x3f, 0])),
    Buffer.from([0x12, 0x34, 0x56, 0x78]),
    Buffer.from([0xff, 0xd9]),
  ])
}

function riff(chunkType: string, chunk: Buffer): Buffer {
  const head = Buffer.alloc(20)
  head.write('RIFF', 0, 'latin1')
  head.writeUInt32LE(12 + chunk.length, 4)
  head.write('WEBP', 8, 'latin1')
  head.write(chunkType, 12, 'latin1')
  head.writeUInt32LE(chunk.length, 16)
  return Buffer.concat([head, chunk])
}

/** A lossless (VP8L) WebP header of the given size. */
export function webpLossless(width: number, height: number): Buffer {
  const chunk = Buffer.alloc(6)
  chunk[0] = 0x2f
  chunk.writeUInt32LE(((width - 1) | ((height - 1) << 14)) >>> 0, 1)
  return riff('VP8L', chunk)
}

/** A lossy (VP8) WebP key frame header of the given size. */
export function webpLossy(width: number, height: number): Buffer {
  const chunk = Buffer.alloc(10)
  chunk.set([0x9d, 0x01, 0x2a], 3)
  chunk.writeUInt16LE(width, 6)
  chunk.writeUInt16LE(height, 8)
  return riff('VP8 ', chunk)
}

/** An extended (VP8X) WebP header of the given canvas size. */
export function webpExtended(width: number, height: number): Buffer {
  const chunk = Buffer.alloc(10)
  chunk.writeUIntLE(width - 1, 4, 3)
  chunk.writeUIntLE(height - 1, 7, 3)
  return riff('VP8X', chunk)
}

export const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><script>alert(1)</script></svg>',
)
