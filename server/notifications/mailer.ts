import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import nodemailer from 'nodemailer'

export interface OutgoingMail {
  /** The outbox row's id: the message's name on disk, so a retry overwrites, never duplicates. */
  id: string
  to: string
  subject: string
  text: string
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

// A stuck server must not hold a delivery claim past its lease (see outbox-delivery.ts).
const SMTP_TIMEOUT_MS = 30_000

/**
 * Delivers e-mails over SMTP when a server is configured, else writes each as an RFC 822 .eml
 * file (the same bytes an SMTP server would get) for a single-machine install or a developer
 * to open. The calendar goes both as a `text/calendar; method=…` alternative, which mail apps
 * show as an invitation with accept buttons, and as an `invite.ics` attachment for the rest
 * (nodemailer's `icalEvent` does both).
 */
export function createMailer(options: MailerOptions): Mailer {
  const transport = options.smtpUrl
    ? nodemailer.createTransport({
        url: options.smtpUrl,
        connectionTimeout: SMTP_TIMEOUT_MS,
        greetingTimeout: SMTP_TIMEOUT_MS,
        socketTimeout: SMTP_TIMEOUT_MS,
      })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' })
  const toFile = !options.smtpUrl

  return {
    async send(mail) {
      const info = await transport.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
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
