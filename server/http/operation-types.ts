import type { FastifyRequest } from 'fastify'
import type { operations } from '../../shared/contract/schema.d.ts'

type OperationId = keyof operations

type JsonBody<K extends OperationId> = operations[K]['requestBody'] extends {
  content: { 'application/json': infer B }
}
  ? B
  : never

/**
 * The request of one contract operation, typed from the generated schema: its query, path
 * parameters and JSON body as the contract's validation lets them through.
 */
export type OperationRequest<K extends OperationId> = FastifyRequest<{
  Querystring: NonNullable<operations[K]['parameters']['query']>
  Params: NonNullable<operations[K]['parameters']['path']>
  Body: JsonBody<K>
}>
