import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startLocalStripe } from '../../local-stripe/server.ts'

export interface LocalStripeRun {
  url: string
  /** What the API needs to talk to it: the same variables real Stripe takes, plus its address. */
  env: {
    STRIPE_SECRET_KEY: string
    STRIPE_WEBHOOK_SECRET: string
    STRIPE_CONNECT_WEBHOOK_SECRET: string
    STRIPE_API_URL: string
  }
  stop(): Promise<void>
}

/**
 * The local Stripe service for `npm start`: its state and webhook secret kept under the data
 * folder, so subscriptions the app refers to survive a restart, and its events delivered to
 * the API's webhook endpoints, signed like Stripe's: the platform's own events to one, the
 * events of businesses' connected accounts to the Connect endpoint, each with its own secret.
 */
export async function startLocalStripeFor(options: {
  dataDir: string
  port: number
  host: string
  webhookUrl: string
  connectWebhookUrl: string
}): Promise<LocalStripeRun> {
  const folder = join(options.dataDir, 'local-stripe')
  mkdirSync(folder, { recursive: true })
  const webhookSecret = keptSecret(join(folder, 'webhook-secret'))
  const connectWebhookSecret = keptSecret(join(folder, 'connect-webhook-secret'))
  const stripe = await startLocalStripe({
    port: options.port,
    host: options.host,
    dataFile: join(folder, 'state.json'),
    webhookUrl: options.webhookUrl,
    webhookSecret,
    connectWebhookUrl: options.connectWebhookUrl,
    connectWebhookSecret,
  })
  return {
    url: stripe.url,
    env: {
      STRIPE_SECRET_KEY: 'sk_test_local',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_CONNECT_WEBHOOK_SECRET: connectWebhookSecret,
      STRIPE_API_URL: stripe.url,
    },
    stop: () => stripe.stop(),
  }
}

function keptSecret(file: string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  const secret = `whsec_${randomBytes(24).toString('base64url')}`
  writeFileSync(file, `${secret}\n`, { mode: 0o600 })
  return secret
}
