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

/** One field of a message's own header block, in order, its folds undone (names lower-case). */
export interface HeaderField {
  name: string
  value: string
}

/**
 * Every field of the message's top-level header, duplicates included, so a test can say the
 * header is exactly the expected set. A line that is neither a field nor a continuation (one
 * an injected line break would leave behind) throws.
 */
export function headerFields(raw: string): HeaderField[] {
  const text = raw.replace(/\r\n/g, '\n')
  const end = text.indexOf('\n\n')
  const fields: HeaderField[] = []
  for (const line of (end === -1 ? text : text.slice(0, end)).split('\n')) {
    const last = fields.at(-1)
    if (/^[ \t]/.test(line) && last) {
      last.value += line
      continue
    }
    const field = /^([!-9;-~]+):[ \t]*(.*)$/.exec(line)
    if (!field) throw new Error(`not a header field: ${JSON.stringify(line)}`)
    fields.push({ name: (field[1] as string).toLowerCase(), value: field[2] as string })
  }
  return fields.map(({ name, value }) => ({ name, value: value.trim() }))
}

/**
 * An unstructured header value with its RFC 2047 encoded words (UTF-8, B or Q) decoded. The
 * white space between adjacent encoded words is dropped, as the RFC says, and their bytes are
 * decoded together, so a character split across two words comes back whole.
 */
export function decodeEncodedWords(value: string): string {
  const run = /=\?utf-8\?[bq]\?[^?]*\?=(?:[ \t]+=\?utf-8\?[bq]\?[^?]*\?=)*/gi
  return value.replace(run, (words) => {
    const bytes = [...words.matchAll(/=\?utf-8\?([bq])\?([^?]*)\?=/gi)].map(([, encoding, data]) =>
      encoding?.toLowerCase() === 'b'
        ? Buffer.from(data ?? '', 'base64')
        : Buffer.from(
            (data ?? '')
              .replace(/_/g, ' ')
              .replace(/=([0-9a-f]{2})/gi, (_hex, code: string) =>
                String.fromCharCode(Number.parseInt(code, 16)),
              ),
            'latin1',
          ),
    )
    return Buffer.concat(bytes).toString('utf8')
  })
}
