/**
 * `npm run stripe:prices`: creates in your Stripe account every plan price it lacks (by lookup
 * key, with its product), from the plans table. Run once per Stripe account (test and live)
 * with STRIPE_SECRET_KEY and the same DATABASE_URL the app uses; running it again changes
 * nothing. `npm start` does this by itself for the local Stripe service.
 */
import { readConfig } from '../server/config.ts'
import { createDatabase } from '../server/db/database.ts'
import { createStripeGateway } from '../server/payments/stripe-gateway.ts'
import { createBillingService } from '../server/services/billing/billing-service.ts'

const config = readConfig()
if (!config.stripe) {
  console.error('Set STRIPE_SECRET_KEY (and STRIPE_WEBHOOK_SECRET) first.')
  process.exit(1)
}
const database = await createDatabase({ url: config.databaseUrl, dataDir: config.dataDir })
try {
  await database.migrate()
  const billing = createBillingService({
    database,
    gateway: createStripeGateway(config.stripe),
    appUrl: config.publicUrl,
  })
  const created = await billing.ensureStripePrices()
  console.log(
    created.length > 0
      ? `Created the prices ${created.join(', ')}.`
      : 'Every plan price is already in Stripe.',
  )
} finally {
  await database.close()
}
