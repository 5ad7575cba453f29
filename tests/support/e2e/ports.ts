// Ports of their own, so the suite runs beside a developer's `npm start` (8080, 9099);
// E2E_APP_PORT, E2E_AUTH_EMULATOR_PORT, E2E_SMTP_PORT and E2E_LOCAL_STRIPE_PORT let two runs
// share a machine.
export const appPort = Number(process.env.E2E_APP_PORT ?? 8181)
export const authEmulatorPort = Number(process.env.E2E_AUTH_EMULATOR_PORT ?? 9399)
/** The real SMTP server the app sends its e-mails to (scripts/smtp-inbox.ts). */
export const smtpPort = Number(process.env.E2E_SMTP_PORT ?? appPort + 1000)
/** Where tests read what that SMTP server received: GET /messages. */
export const smtpInboxHttpPort = smtpPort + 1
/** The local Stripe service `npm start` runs for the suite (its hosted checkout and portal). */
export const localStripePort = Number(process.env.E2E_LOCAL_STRIPE_PORT ?? appPort + 4000)
