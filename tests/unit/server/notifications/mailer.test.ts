import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { singleAddress } from '../../../../server/notifications/mail-headers.ts'
import {
  createMailer,
  type Mailer,
  UndeliverableMailError,
} from '../../../../server/notifications/mailer.ts'
import { decodeEncodedWords, headerFields, mimeParts } from '../../../support/api/mime.ts'
import {
  asHeaderLine,
  asUtf8,
  hostileText,
  PROPERTY_TIMEOUT_MS,
} from '../../../support/unit/hostile-text.ts'

// The mailer writing .eml files (the bytes an SMTP server would get), read back with a MIME
// reader: whatever the subject holds, the header is exactly the expected fields.

let outboxDir: string
let mailer: Mailer
let sent = 0

beforeAll(async () => {
  outboxDir = await mkdtemp(join(tmpdir(), 'slotwise-mailer-'))
  mailer = createMailer({ outboxDir, from: 'Harbor Street Studio <no-reply@book.example.test>' })
})
afterAll(async () => {
  mailer?.close()
  await rm(outboxDir, { recursive: true, force: true })
})

async function send(mail: { to: string; subject: string; text?: string }): Promise<string> {
  const id = `mail-${++sent}`
  await mailer.send({ id, text: 'Hello', calendar: null, ...mail })
  return readFile(join(outboxDir, `${id}.eml`), 'utf8')
}

// A message without a calendar is a single text part, so its encoding is a top-level field.
const EXPECTED_FIELDS = [
  'from',
  'to',
  'subject',
  'message-id',
  'date',
  'mime-version',
  'content-type',
  'content-transfer-encoding',
]

// Bytes SMTP forbids outside a CRLF pair: a server may reject them, or read a message in them.
const BARE_CR_OR_LF = /\r(?!\n)|(?<!\r)\n/

describe('the header of every message', () => {
  it(
    'is exactly From, one To, Subject and the MIME fields, whatever the subject holds',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          hostileText(120).filter((subject) => asHeaderLine(subject) !== ''),
          fc.emailAddress().filter((address) => singleAddress(address) !== null),
          async (subject, to) => {
            const raw = await send({ to, subject })
            const fields = headerFields(raw)
            expect(fields.map((field) => field.name).sort()).toEqual([...EXPECTED_FIELDS].sort())
            const value = (name: string) => fields.find((field) => field.name === name)?.value
            expect(value('to')).toBe(to)
            expect(value('from')).toBe('Harbor Street Studio <no-reply@book.example.test>')
            expect(decodeEncodedWords(value('subject') ?? '')).toBe(asHeaderLine(subject))
          },
        ),
        { numRuns: 60 },
      )
    },
    PROPERTY_TIMEOUT_MS,
  )

  it('keeps a subject with a line break and a Bcc on its own line', async () => {
    const raw = await send({
      to: 'ana@example.test',
      subject: 'Booked: Cut\r\nBcc: victim@evil.test\r\n\r\nInjected body',
    })
    const fields = headerFields(raw)
    expect(fields.map((field) => field.name)).not.toContain('bcc')
    expect(decodeEncodedWords(fields.find((field) => field.name === 'subject')?.value ?? '')).toBe(
      'Booked: Cut Bcc: victim@evil.test Injected body',
    )
  })

  it(
    'carries any text in the body, which is encoded for transport and decodes as written',
    async () => {
      await fc.assert(
        fc.asyncProperty(hostileText(200), async (text) => {
          const raw = await send({ to: 'ana@example.test', subject: 'Body', text })
          expect(raw).not.toMatch(BARE_CR_OR_LF)
          const names = headerFields(raw).map((field) => field.name)
          expect(new Set(names).size).toBe(names.length)
          expect(EXPECTED_FIELDS).toEqual(expect.arrayContaining(names))
          const [body, ...others] = mimeParts(raw)
          expect(others).toEqual([])
          // Line breaks travel as CRLF whichever way they were written; the MIME framing owns
          // the line breaks at the very end.
          const lines = (text: string) => text.replace(/\r\n|\r|\n/g, '\n').replace(/\n+$/, '')
          expect(lines(body?.body ?? '')).toBe(lines(asUtf8(text)))
        }),
        { numRuns: 60 },
      )
    },
    PROPERTY_TIMEOUT_MS,
  )
})

describe('a recipient that is not exactly one address', () => {
  it.each([
    ['a list', 'a@x.test, b@y.test'],
    ['a list with semicolons', 'a@x.test;b@y.test'],
    ['a display name and a second address', 'Ana <a@x.test>, b@y.test'],
    ['a group', 'all: a@x.test, b@y.test;'],
    ['a header after a line break', 'a@x.test\r\nBcc: victim@y.test'],
    ['nothing', ''],
  ])('is refused without writing anything: %s', async (_what, to) => {
    const before = await readdir(outboxDir)
    await expect(
      mailer.send({ id: 'refused', to, subject: 'Booked', text: 'Hello', calendar: null }),
    ).rejects.toBeInstanceOf(UndeliverableMailError)
    expect(await readdir(outboxDir)).toEqual(before)
  })
})

describe('the From', () => {
  it('is refused at start when it is not one mailbox', () => {
    for (const from of [
      'Slotwise <a@x.test>\r\nBcc: victim@y.test',
      'a@x.test, b@y.test',
      'Slotwise',
    ]) {
      expect(() => createMailer({ outboxDir, from })).toThrow(/must be one mailbox/)
    }
  })
})

describe('the Message-ID', () => {
  it('is the outbox row’s at every attempt, so a copy sent again is dropped as a duplicate', async () => {
    const messageId = (raw: string) =>
      headerFields(raw).find((field) => field.name === 'message-id')?.value
    const mail = { id: 'b9f1e2c4-outbox-row', to: 'mia@example.test', subject: 'Booked' }
    await mailer.send({ ...mail, text: 'Hello', calendar: null })
    const first = await readFile(join(outboxDir, `${mail.id}.eml`), 'utf8')
    await mailer.send({ ...mail, text: 'Hello', calendar: null })
    const second = await readFile(join(outboxDir, `${mail.id}.eml`), 'utf8')
    expect(messageId(first)).toBe('<b9f1e2c4-outbox-row@book.example.test>')
    expect(messageId(second)).toBe(messageId(first))
    // Another row, another id.
    expect(messageId(await send({ to: 'mia@example.test', subject: 'Booked' }))).not.toBe(
      messageId(first),
    )
  })
})
