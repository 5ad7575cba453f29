import { Readable } from 'node:stream'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Database } from '../db/database.ts'
import { type CsvValue, csvRow, UTF8_BOM } from '../domain/csv.ts'
import type { OperationRequest } from '../http/operation-types.ts'
import { requireCapability } from '../http/require-capability.ts'
import { requireIdentity } from '../plugins/auth.ts'
import { createBusinessService } from '../services/business-service.ts'
import { type Customer, createCustomerService } from '../services/customer-service.ts'
import type { createMembershipService } from '../services/membership-service.ts'

const csvColumns = [
  'id',
  'name',
  'email',
  'phone',
  'tags',
  'time_zone',
  'marketing_consent',
  'notes',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof Customer)[]

// Rows per chunk written to the response: big enough to keep the stream cheap, small enough
// that the first bytes leave early.
const CSV_ROWS_PER_CHUNK = 500

/** Handlers for the contract's `customers` tag. */
export function createCustomerHandlers(deps: {
  database: Database
  members: ReturnType<typeof createMembershipService>
}) {
  const customers = createCustomerService(deps.database)
  const business = createBusinessService(deps.database)
  const memberOf = (request: FastifyRequest) => deps.members.resolve(requireIdentity(request))

  return {
    async listCustomers(request: OperationRequest<'listCustomers'>) {
      const member = await memberOf(request)
      requireCapability(member, 'customers.read', 'see customers')
      const { limit = 25, offset = 0, ...query } = request.query
      return customers.list(member, query, { limit, offset })
    },

    async createCustomer(request: OperationRequest<'createCustomer'>, reply: FastifyReply) {
      const member = await memberOf(request)
      requireCapability(member, 'customers.write', 'add customers')
      const created = await customers.create(member, request.body)
      return reply.code(201).header('location', `/api/v1/customers/${created.id}`).send(created)
    },

    /** The list's filter and order as RFC 4180 CSV, named for the business's today. */
    async exportCustomers(request: OperationRequest<'exportCustomers'>, reply: FastifyReply) {
      const member = await memberOf(request)
      requireCapability(member, 'customers.read', 'export customers')
      const [rows, configuration] = await Promise.all([
        customers.listAll(member, request.query),
        business.get(member),
      ])
      const day = new Intl.DateTimeFormat('en-CA', {
        timeZone: configuration.time_zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }).format(new Date())
      return reply
        .header('content-type', 'text/csv; charset=utf-8; header=present')
        .header('content-disposition', `attachment; filename="customers-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(csvChunks(rows)))
    },

    async getCustomer(request: OperationRequest<'getCustomer'>) {
      const member = await memberOf(request)
      requireCapability(member, 'customers.read', 'see customers')
      return customers.get(member, request.params.customerId)
    },

    async updateCustomer(request: OperationRequest<'updateCustomer'>) {
      const member = await memberOf(request)
      requireCapability(member, 'customers.write', 'change customers')
      return customers.update(member, request.params.customerId, request.body)
    },

    async deleteCustomer(request: OperationRequest<'deleteCustomer'>, reply: FastifyReply) {
      const member = await memberOf(request)
      requireCapability(member, 'customers.delete', 'delete customers')
      await customers.remove(member, request.params.customerId)
      return reply.code(204).send()
    },

    async listCustomerAppointments(request: OperationRequest<'listCustomerAppointments'>) {
      const member = await memberOf(request)
      requireCapability(member, 'customers.read', 'see customers')
      const { limit = 25, offset = 0 } = request.query
      return customers.appointments(member, request.params.customerId, { limit, offset })
    },
  }
}

function* csvChunks(rows: readonly Customer[]): Generator<string> {
  yield UTF8_BOM + csvRow(csvColumns)
  for (let start = 0; start < rows.length; start += CSV_ROWS_PER_CHUNK) {
    yield rows
      .slice(start, start + CSV_ROWS_PER_CHUNK)
      .map((row) => csvRow(csvColumns.map((column) => csvValue(row[column]))))
      .join('')
  }
}

function csvValue(value: Customer[keyof Customer]): CsvValue {
  return Array.isArray(value) ? value.join(', ') : value
}
