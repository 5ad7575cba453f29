import { startLocalStripe } from './server.ts'

// `node --import tsx local-stripe/main.ts`: the local Stripe for `npm start` and manual runs.
const port = Number(process.env.LOCAL_STRIPE_PORT ?? 12111)
const host = process.env.LOCAL_STRIPE_HOST ?? '127.0.0.1'
const dataFile = process.env.LOCAL_STRIPE_DATA_FILE || undefined
const webhookUrl = process.env.LOCAL_STRIPE_WEBHOOK_URL || undefined
const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET || undefined
const publicUrl = process.env.LOCAL_STRIPE_PUBLIC_URL || undefined
const connectWebhookUrl = process.env.LOCAL_STRIPE_CONNECT_WEBHOOK_URL || undefined
const connectWebhookSecret = process.env.STRIPE_CONNECT_WEBHOOK_SECRET || undefined

const stripe = await startLocalStripe({
  port,
  host,
  dataFile,
  webhookUrl,
  webhookSecret,
  connectWebhookUrl,
  connectWebhookSecret,
  publicUrl,
})
console.log(
  `Local Stripe listening on ${stripe.url}${webhookUrl ? `, sending webhooks to ${webhookUrl}` : ''}${connectWebhookUrl ? `, Connect webhooks to ${connectWebhookUrl}` : ''}${dataFile ? `, state in ${dataFile}` : ''}`,
)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stripe.stop().then(() => process.exit(0))
  })
}
