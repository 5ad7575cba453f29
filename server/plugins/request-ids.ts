import fp from 'fastify-plugin'
import { REQUEST_ID_HEADER } from '../observability/request-id.ts'

/**
 * Every response says which request it answered (the id in every log line of that request and
 * in its problem documents), so a person reporting a failure can name it.
 */
export const requestIdsPlugin = fp(
  async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      reply.header(REQUEST_ID_HEADER, request.id)
    })
  },
  { name: 'request-ids' },
)
