/** One leaf of a MIME message: its headers (lower-case names) and its decoded body. */
export interface MimePart {
  headers: Record<string, string>
  body: string
}

/**
 * The leaf parts of an RFC 822 message, multiparts opened recursively and base64 or
 * quoted-printable bodies decoded as UTF-8. Just enough of MIME to read what nodemailer writes.
 */
export function mimeParts(raw: string): MimePart[] {
  const text = raw.replace(/\r\n/g, '\n')
  const split = text.indexOf('\n\n')
  const headers = parseHeaders(split === -1 ? text : text.slice(0, split))
  const body = split === -1 ? '' : text.slice(split + 2)
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1]
  if (headers['content-type']?.startsWith('multipart/') && boundary) {
    const sections = body.split(`--${boundary}`).slice(1)
    return sections
      .filter((section) => !section.startsWith('--'))
      .flatMap((section) => mimeParts(section.replace(/^\n/, '')))
  }
  return [{ headers, body: decode(body, headers['content-transfer-encoding']) }]
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const line of block.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':')
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  return headers
}

function decode(body: string, encoding = '7bit'): string {
  switch (encoding.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
    case 'quoted-printable': {
      const joined = body.replace(/=\n/g, '')
      const bytes: number[] = []
      for (let i = 0; i < joined.length; i++) {
        const hex = joined.slice(i + 1, i + 3)
        if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
          bytes.push(Number.parseInt(hex, 16))
          i += 2
        } else {
          bytes.push(...Buffer.from(joined[i] as string, 'utf8'))
        }
      }
      return Buffer.from(bytes).toString('utf8')
    }
    default:
      return body
  }
}
