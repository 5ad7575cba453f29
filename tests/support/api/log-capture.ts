import { Writable } from 'node:stream'

/** A log destination whose lines a test reads back (AppOptions.logDestination). */
export function logCapture() {
  const chunks: string[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk))
      done()
    },
  })
  return { stream, text: () => chunks.join('') }
}
