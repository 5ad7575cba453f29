/**
 * A strict RFC 4180 reader for tests. A record ends with CRLF (the last one too); a field is
 * either quoted (anything inside, `""` for a quote) or bare (no quote, comma, CR or LF).
 * Anything else throws, so a writer that lets a value spill into another cell or record, or
 * leaves a stray quote or line break, cannot pass a test by luck.
 */
export function readCsv(text: string): string[][] {
  const records: string[][] = []
  let position = 0
  let record: string[] = []
  const fail = (why: string): never => {
    throw new Error(`Not RFC 4180 at ${position}: ${why} in ${JSON.stringify(text)}`)
  }

  while (position < text.length) {
    let field = ''
    if (text[position] === '"') {
      position++
      for (;;) {
        const quote = text.indexOf('"', position)
        if (quote === -1) fail('a quoted field never closes')
        field += text.slice(position, quote)
        position = quote + 1
        if (text[position] !== '"') break
        field += '"'
        position++
      }
    } else {
      const end = text.slice(position).search(/[,\r\n"]/)
      const stop = end === -1 ? text.length : position + end
      field = text.slice(position, stop)
      position = stop
      if (text[position] === '"') fail('a quote inside a bare field')
      if (text[position] === '\n') fail('a bare LF')
    }
    record.push(field)
    if (text[position] === ',') {
      position++
      continue
    }
    if (text.startsWith('\r\n', position)) {
      position += 2
      records.push(record)
      record = []
      continue
    }
    fail(position >= text.length ? 'the last record does not end with CRLF' : 'text after a field')
  }
  if (record.length > 0) fail('the last record does not end with CRLF')
  return records
}
