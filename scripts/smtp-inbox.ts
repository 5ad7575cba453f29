/**
 * `npm run mail:inbox`: a local SMTP server that keeps what it receives, to see the app's
 * e-mails without sending any. Start the app with the SMTP_URL it prints; read the messages at
 * the printed address. SMTP_INBOX_PORT and SMTP_INBOX_HTTP_PORT choose the ports.
 */
import { startSmtpInbox } from './lib/smtp-inbox.ts'

const inbox = await startSmtpInbox({
  smtp: Number(process.env.SMTP_INBOX_PORT ?? 2525),
  http: Number(process.env.SMTP_INBOX_HTTP_PORT ?? 2526),
})
console.log(`SMTP inbox: SMTP_URL=${inbox.smtpUrl}; messages at ${inbox.httpUrl}/messages`)
const stop = () => void inbox.stop().then(() => process.exit(0))
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
