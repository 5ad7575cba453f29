import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import nodemailer from 'nodemailer'
import { headerText, type Mailbox, parseMailbox, singleAddress } from './mail-headers.ts'

export interface OutgoingMail {
  /** The outbox row's id: the message's name on disk, so a retry overwrites, never duplicates. */
  id: string
  /** Exactly one address; anything else is refused with an UndeliverableMailError. */
  to: string
  subject: string
  text: string
  /** The HTML alternative of `text` (customers' e-mails), when there is one. */
  html?: string | undefined
  /** The RFC 5545 calendar, when there is one, and the method it was written with. */
  calendar: { content: string; method: 'REQUEST' | 'CANCEL' } | null
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>
  close(): void
}

export interface MailerOptions {
  /** smtp:// or smtps:// with credentials; without it messages become .eml files. */
  smtpUrl?: string | undefined
  /** Where .eml files go when there is no SMTP server (e.g. `./data/outbox`). */
  outboxDir: string
  /** The From header, e.g. `Slotwise <no-reply@book.example.com>`. */
  from: string
}

/**
 * A message that no retry can send, such as one whose recipient is not exactly one address:
 * the outbox marks it failed at once instead of trying it again.
 */
export class UndeliverableMailError extends Error {
  override name = 'UndeliverableMailError'
}

// A stuck server must not hold a delivery claim past its lease (see outbox-delivery.ts).
const SMTP_TIMEOUT_MS = 30_000

/**
 * Delivers e-mails over SMTP when a server is configured, else writes each as an RFC 822 .eml
 * file (the same bytes an SMTP server would get) for a single-machine install or a developer
 * to open. The calendar goes both as a `text/calendar; method=…` alternative, which mail apps
 * show as an invitation with accept buttons, and as an `invite.ics` attachment for the rest
 * (nodemailer's `icalEvent` does both).
 *
 * Every address goes to nodemailer as an address object: a string would be parsed as an
 * address list, and "a@x.test, b@y.test" in a customer's e-mail field would make one booking
 * write to anyone. The envelope names the same one recipient, and the transport refuses a
 * message with more (a backstop should a header ever add one).
 */
export function createMailer(options: MailerOptions): Mailer {
  const from = fromMailbox(options.from)
  const guards = { maxRecipients: 1, disableFileAccess: true, disableUrlAccess: true }
  const transport = options.smtpUrl
    ? nodemailer.createTransport({
        url: options.smtpUrl,
        connectionTimeout: SMTP_TIMEOUT_MS,
        greetingTimeout: SMTP_TIMEOUT_MS,
        socketTimeout: SMTP_TIMEOUT_MS,
        ...guards,
      })
    : nodemailer.createTransport({
        streamTransport: true,
        buffer: true,
        newline: 'windows',
        ...guards,
      })
  const toFile = !options.smtpUrl

  return {
    async send(mail) {
      const to = singleAddress(mail.to)
      if (!to) {
        throw new UndeliverableMailError(
          `Not sent: the recipient ${JSON.stringify(mail.to)} is not exactly one e-mail address.`,
        )
      }
      const info = await transport.sendMail({
        from,
        messageId: messageIdOf(mail.id, from),
        to: { name: '', address: to },
        envelope: { from: from.address, to: [to] },
        subject: headerText(mail.subject),
        text: withLineFeeds(mail.text),
        html: mail.html === undefined ? undefined : withLineFeeds(mail.html),
        icalEvent: mail.calendar
          ? { method: mail.calendar.method, filename: 'invite.ics', content: mail.calendar.content }
          : undefined,
      })
      if (toFile) {
        await mkdir(options.outboxDir, { recursive: true })
        await writeFile(join(options.outboxDir, `${mail.id}.eml`), info.message as Buffer)
      }
    },
    close: () => transport.close(),
  }
}

/**
 * Every line break as LF, which the transport writes as CRLF. A bare CR would otherwise go out
 * as it is in a 7bit body: invalid on the wire, and the stuff of SMTP smuggling.
 */
function withLineFeeds(text: string): string {
  return text.replace(/\r\n?/g, '\n')
}

/**
 * The Message-ID is the outbox row's, the same at every attempt: a message sent again because
 * its sender died between the SMTP server's OK and marking it sent (nothing can make that
 * exactly-once) is a duplicate mail servers and clients recognise and drop.
 */
export function messageIdOf(outboxId: string, from: Mailbox): string {
  const domain = from.address.slice(from.address.lastIndexOf('@') + 1)
  return `<${outboxId}@${domain}>`
}

/** The configured From, refused at start unless it is one mailbox on one line. */
function fromMailbox(value: string): Mailbox {
  const mailbox = parseMailbox(value)
  if (!mailbox)
    throw new Error(`The From of e-mails must be one mailbox, got ${JSON.stringify(value)}.`)
  return mailbox
}
