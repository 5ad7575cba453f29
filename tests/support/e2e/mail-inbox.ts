import { expect } from '@playwright/test'
import ICAL from 'ical.js'
import { type MimePart, mimeParts } from '../api/mime.ts'
import { smtpInboxHttpPort } from './ports.ts'

/** One e-mail the app sent, as the suite's SMTP server received it (scripts/smtp-inbox.ts). */
export interface ReceivedMail {
  text: string
  /** The `invite.ics` attachment, parsed; null when the e-mail carries no calendar. */
  calendar: ReceivedCalendar | null
}

export interface ReceivedCalendar {
  method: string
  uid: string
  sequence: number
  /** The event's start as an ISO instant (`…Z`), comparable with the API's `starts_at`. */
  startsAt: string
}

interface RawMail {
  to: string[]
  raw: string
}

async function fetchMail(): Promise<RawMail[]> {
  const response = await fetch(`http://127.0.0.1:${smtpInboxHttpPort}/messages`)
  if (!response.ok) throw new Error(`SMTP inbox answered ${response.status}`)
  return (await response.json()) as RawMail[]
}

/**
 * Waits until `count` e-mails have reached `address` and returns them in the order they
 * arrived. The app sends from its outbox every JOBS_INTERVAL_MS (500 ms in this suite).
 * `matching` narrows them, for addresses other tests also write to (the seeded team).
 */
export async function waitForMail(
  address: string,
  count: number,
  matching: (mail: ReceivedMail) => boolean = () => true,
): Promise<ReceivedMail[]> {
  let received: ReceivedMail[] = []
  await expect
    .poll(
      async () => {
        received = (await fetchMail())
          .filter((mail) => mail.to.includes(address))
          .map((mail) => readMail(mail))
          .filter(matching)
        return received.length
      },
      { message: `e-mails to ${address}`, timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(count)
  return received
}

function readMail(mail: RawMail): ReceivedMail {
  const parts = mimeParts(mail.raw)
  const text = parts.find((part) => contentType(part) === 'text/plain')?.body ?? ''
  // nodemailer sends the calendar twice (an alternative and an attachment): read the file.
  const ics =
    parts.find((part) => /filename="?invite\.ics/i.test(part.headers['content-disposition'] ?? ''))
      ?.body ?? null
  return {
    text,
    calendar: ics === null ? null : readCalendar(ics),
  }
}

function contentType(part: MimePart): string {
  return (part.headers['content-type'] ?? 'text/plain').split(';')[0]?.trim().toLowerCase() ?? ''
}

function readCalendar(ics: string): ReceivedCalendar {
  const calendar = new ICAL.Component(ICAL.parse(ics))
  const event = calendar.getFirstSubcomponent('vevent')
  if (!event) throw new Error('The calendar has no VEVENT')
  const start = event.getFirstPropertyValue('dtstart') as ICAL.Time
  return {
    method: String(calendar.getFirstPropertyValue('method')),
    uid: String(event.getFirstPropertyValue('uid')),
    sequence: Number(event.getFirstPropertyValue('sequence') ?? 0),
    startsAt: start.toJSDate().toISOString(),
  }
}

/** The manage link a customer's e-mail carries. */
export function manageLinkIn(mail: ReceivedMail): string {
  const link = /https?:\/\/\S+\/booking\/event\/[0-9a-f-]+\?business=[\w-]+&token=[\w-]+/.exec(
    mail.text,
  )?.[0]
  if (!link) throw new Error(`No manage link in:\n${mail.text}`)
  return link
}
