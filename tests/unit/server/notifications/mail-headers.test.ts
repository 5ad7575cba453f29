import fc from 'fast-check'
import addressparser from 'nodemailer/lib/addressparser'
import { describe, expect, it } from 'vitest'
import { createSchemaValidatorCompiler } from '../../../../server/http/schema-validator.ts'
import {
  headerText,
  noReplyAddress,
  parseMailbox,
  singleAddress,
} from '../../../../server/notifications/mail-headers.ts'
import { hostileText, PROPERTY_TIMEOUT_MS } from '../../../support/unit/hostile-text.ts'

describe('singleAddress', () => {
  it.each([
    'ana@example.test',
    'Ana.Lopez+salon@Example.Test',
    "o'd&d%x/y=z?{w}~#$*^`|!@mail.example.test",
    'root@localhost',
    `${'a'.repeat(64)}@example.test`,
  ])('takes %j', (address) => {
    expect(singleAddress(address)).toBe(address)
  })

  it.each([
    ['nothing', ''],
    ['a list', 'a@x.test, b@y.test'],
    ['a list with a semicolon', 'a@x.test;b@y.test'],
    ['a display name', 'Ana <a@x.test>'],
    ['an address in brackets', '<a@x.test>'],
    ['a group', 'friends: a@x.test, b@y.test;'],
    ['a quoted local part', '"a b"@x.test'],
    ['a line break and a header', 'a@x.test\r\nBcc: victim@y.test'],
    ['a bare LF', 'a@x.test\nb@y.test'],
    ['a trailing line break', 'a@x.test\n'],
    ['white space around it', ' a@x.test'],
    ['a NUL', 'a\u0000@x.test'],
    ['two @', 'a@b@x.test'],
    ['no domain', 'a@'],
    ['no local part', '@x.test'],
    ['no @', 'ana'],
    ['two dots in a row', 'a..b@x.test'],
    ['a leading dot', '.a@x.test'],
    ['a domain label starting with a hyphen', 'a@-x.test'],
    ['an empty domain label', 'a@x..test'],
    ['a domain literal', 'a@[127.0.0.1]'],
    ['non-ASCII', 'zoë@example.test'],
    ['a local part over 64 octets', `${'a'.repeat(65)}@example.test`],
    [
      'a path over 254 octets',
      `a@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(70)}.test`,
    ],
  ])('refuses %s', (_what, value) => {
    expect(singleAddress(value)).toBeNull()
  })

  it(
    'passes only text that a real address parser reads as that one address and nothing more',
    () => {
      const candidate = fc.oneof(
        hostileText(),
        fc.emailAddress(),
        fc
          .tuple(fc.emailAddress(), hostileText(), fc.emailAddress())
          .map((parts) => parts.join('')),
      )
      fc.assert(
        fc.property(candidate, (value) => {
          const address = singleAddress(value)
          if (address === null) return
          expect(address).toBe(value)
          expect(addressparser(value)).toEqual([{ name: '', address: value }])
          // Nothing that separates addresses, parameters or lines, or starts a comment or quote.
          expect(value).not.toMatch(/[\s,;:<>()"[\]\\]/)
        }),
        { numRuns: 250 },
      )
    },
    PROPERTY_TIMEOUT_MS,
  )

  it(
    'takes every address the contract takes, so valid customers are not refused',
    () => {
      // The server's own request validator, compiling a field as the contract declares e-mails.
      const contractTakes = createSchemaValidatorCompiler()({
        schema: { type: 'string', format: 'email', maxLength: 254 },
        method: 'POST',
        url: '/',
        httpPart: 'body',
      })
      fc.assert(
        fc.property(fc.emailAddress(), (value) => {
          if (contractTakes(value) === true && value.indexOf('@') <= 64) {
            expect(singleAddress(value)).toBe(value)
          }
        }),
        { numRuns: 300 },
      )
    },
    PROPERTY_TIMEOUT_MS,
  )
})

describe('parseMailbox', () => {
  it.each([
    [
      'Harbor Street <bookings@example.test>',
      { name: 'Harbor Street', address: 'bookings@example.test' },
    ],
    [
      '"Harbor, Street" <bookings@example.test>',
      { name: 'Harbor, Street', address: 'bookings@example.test' },
    ],
    ['<bookings@example.test>', { name: '', address: 'bookings@example.test' }],
    [' bookings@example.test ', { name: '', address: 'bookings@example.test' }],
    ['Zoë’s Studio <zoe@example.test>', { name: 'Zoë’s Studio', address: 'zoe@example.test' }],
  ])('reads %j', (value, mailbox) => {
    expect(parseMailbox(value)).toEqual(mailbox)
  })

  it.each([
    ['no address', 'Slotwise'],
    ['two mailboxes', 'A <a@x.test>, B <b@y.test>'],
    ['a list as the address', 'A <a@x.test, b@y.test>'],
    ['a line break after it', 'Slotwise <a@x.test>\r\nBcc: victim@y.test'],
    ['a line break in the name', 'Slot\r\nBcc: victim@y.test <a@x.test>'],
    ['a Unicode line separator in the name', 'Slot\u2028wise <a@x.test>'],
    ['a stray quote', 'Slot"wise <a@x.test>'],
    ['text after the address', 'Slotwise <a@x.test> extra'],
  ])('refuses %s', (_what, value) => {
    expect(parseMailbox(value)).toBeNull()
  })
})

describe('headerText', () => {
  it('keeps a header on one line: every run of controls and line breaks becomes one space', () => {
    expect(headerText('Booked: Cut\r\nBcc: victim@evil.test')).toBe(
      'Booked: Cut Bcc: victim@evil.test',
    )
    expect(headerText('a\u0000\u0007\u001b\u007f\u0085\u2028\u2029b')).toBe('a b')
    expect(headerText('\r\nCafé — 日本 😀\t')).toBe('Café — 日本 😀')
  })

  it(
    'leaves no character that could end or break a header line, and keeps all others',
    () => {
      fc.assert(
        fc.property(hostileText(80), (value) => {
          const text = headerText(value)
          // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
          expect(text).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/)
          // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
          const kept = value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029 ]/g, '')
          expect(text.replace(/ /g, '')).toBe(kept)
        }),
        { numRuns: 1000 },
      )
    },
    PROPERTY_TIMEOUT_MS,
  )
})

describe('noReplyAddress', () => {
  it.each([
    ['https://book.example.test', 'no-reply@book.example.test'],
    ['http://127.0.0.1:8080', 'no-reply@127.0.0.1'],
    ['http://localhost:8080', 'no-reply@localhost'],
    ['https://bücher.example', 'no-reply@xn--bcher-kva.example'],
    ['http://[::1]:8080', 'no-reply@localhost'],
  ])('at %s is %s', (publicUrl, address) => {
    expect(noReplyAddress(publicUrl)).toBe(address)
  })
})
