import type { FastifyInstance } from 'fastify'
import { type AppOptions, buildApp } from '../../../server/app.ts'
import type { Database } from '../../../server/db/database.ts'
import type { ClientConfig } from '../../../server/http/client-config.ts'
import { authEmulatorHost } from './emulator-users.ts'
import { createTestDatabase } from './test-database.ts'

export const PROJECT_ID = 'demo-slotwise'

export function testClientConfig(): ClientConfig {
  return {
    firebase: {
      apiKey: 'demo-api-key',
      authDomain: `${PROJECT_ID}.firebaseapp.com`,
      projectId: PROJECT_ID,
      appId: '',
    },
    authEmulatorUrl: `http://${authEmulatorHost()}`,
    sentryDsn: null,
    environment: 'test',
  }
}

export interface TestApp {
  app: FastifyInstance
  database: Database
  close(): Promise<void>
}

/**
 * The real app on a fresh database, with emulator tokens accepted unless `emulator: false`.
 * FIREBASE_AUTH_EMULATOR_HOST stays set either way: the emulator-off tests prove the server
 * refuses unsigned tokens even when firebase-admin itself would be lenient.
 */
export async function createTestApp(
  options: Partial<Omit<AppOptions, 'database' | 'auth'>> & { emulator?: boolean } = {},
): Promise<TestApp> {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = authEmulatorHost()
  const { emulator = true, ...overrides } = options
  const database = await createTestDatabase()
  const app = await buildApp({
    database,
    auth: { projectId: PROJECT_ID, emulator },
    corsOrigins: [],
    clientConfig: testClientConfig(),
    logger: false,
    ...overrides,
  })
  return {
    app,
    database,
    close: async () => {
      await app.close()
      await database.close()
    },
  }
}
