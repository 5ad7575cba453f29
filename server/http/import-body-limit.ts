import type { preParsingHookHandler, RouteOptions } from 'fastify'
import { HttpProblem } from './problem.ts'

export const CUSTOMER_IMPORT_PATH = '/api/v1/customers/import'

/**
 * An import carries a whole file's rows in one request, so it commits all or nothing: 10,000
 * customers are about 2 MB of JSON, over the 1 MB every other staff body is held to. 16 MB
 * is room for 20,000 rows with notes.
 */
export const CUSTOMER_IMPORT_BODY_LIMIT = 16 * 1024 * 1024

/**
 * An onRoute hook giving the import its own body limit, and a 413 that tells the person what
 * to do (split the file) before a byte of an announced oversized body is read.
 */
export function allowLargeImports(route: RouteOptions): void {
  if (route.url !== CUSTOMER_IMPORT_PATH) return
  route.bodyLimit = CUSTOMER_IMPORT_BODY_LIMIT
  const refuseTooLarge: preParsingHookHandler = async (request) => {
    const length = Number(request.headers['content-length'] ?? 0)
    if (length > CUSTOMER_IMPORT_BODY_LIMIT) {
      throw new HttpProblem(
        413,
        'The file is too large to import at once (16 MB of rows at most). Split it into smaller files and import each.',
        { errors: [{ path: 'body', message: 'is larger than 16 MB' }] },
      )
    }
  }
  route.preParsing = [refuseTooLarge, ...[route.preParsing ?? []].flat()]
}
