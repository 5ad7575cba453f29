import type { Client } from 'openapi-fetch'
import type { components, paths } from '../../shared/contract/schema'
import { unwrap } from './api-error'
import { createApiClient } from './client'

export type CustomerImportInput = components['schemas']['CustomerImportInput']
export type CustomerImportReport = components['schemas']['CustomerImportReport']

/**
 * Two minutes: an import of 10,000 rows is one request and one transaction, measured at under
 * a minute end to end on a loaded machine (docs/benchmarks.md); the 10 s of every other call
 * would give up on an import the server then finishes. Same token, domain and 401 handling.
 */
export const IMPORT_TIMEOUT_MS = 120_000

const importClient = createApiClient({ timeoutMs: IMPORT_TIMEOUT_MS })

/** importCustomers: the dry run (`dry_run: true`) or the import of a file's mapped rows. */
export async function importCustomers(
  body: CustomerImportInput,
  client: Client<paths> = importClient,
): Promise<CustomerImportReport> {
  return unwrap(await client.POST('/api/v1/customers/import', { body }))
}
