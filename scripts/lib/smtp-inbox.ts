import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

/** One message as the SMTP server received it. */
export interface ReceivedMail {
  from: string | null
  to: string[]
  /** The whole RFC 5322 message, headers and MIME parts. */
  raw: string
  receivedAt: string
}

export interface SmtpInbox {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  smtpUrl: string
  /** http://127.0.0.1:<port>: GET /messages lists what arrived, DELETE /messages forgets it. */
  httpUrl: string
  messages: ReceivedMail[]
  stop(): Promise<void>
}

/**
 * A real SMTP server on this machine that keeps what it receives, for tests and for trying
 * the e-mails out locally (like MailHog): plain SMTP without TLS or authentication, on
 * 127.0.0.1 only. An HTTP side lets another process (a Playwright test) read the messages.
 */
export async function startSmtpInbox(
  ports: { smtp?: number; http?: number } = {},
): Promise<SmtpInbox> {
  const messages: ReceivedMail[] = []
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const from = session.envelope.mailFrom
        messages.push({
          from: from ? from.address : null,
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          receivedAt: new Date().toISOString(),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject)
    smtp.listen(ports.smtp ?? 0, '127.0.0.1', () => resolve())
  })
  const smtpPort = (smtp.server.address() as AddressInfo).port

  const http: Server = createServer((request, response) => {
    if (request.url !== '/messages') {
      response.writeHead(404).end()
      return
    }
    if (request.method === 'DELETE') messages.length = 0
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(JSON.stringify(messages))
  })
  await new Promise<void>((resolve) => http.listen(ports.http ?? 0, '127.0.0.1', resolve))
  const httpPort = (http.address() as AddressInfo).port

  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    httpUrl: `http://127.0.0.1:${httpPort}`,
    messages,
    stop: async () => {
      await new Promise<void>((resolve) => http.close(() => resolve()))
      await new Promise<void>((resolve) => smtp.close(() => resolve()))
    },
  }
}
