import { Readable } from 'node:stream'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { OperationRequest } from '../http/operation-types.ts'
import { requireCapability } from '../http/require-capability.ts'
import { requireIdentity } from '../http/require-identity.ts'
import type { createCustomerDataRightsService } from '../services/customer-data-rights-service.ts'
import type { createCustomerExportService } from '../services/customer-export-service.ts'
import type { createCustomerImportService } from '../services/customer-import-service.ts'
import type { createCustomerProfileService } from '../services/customer-profile-service.ts'
import type { createCustomerService } from '../services/customer-service.ts'
import type { createMembershipService } from '../services/membership-service.ts'

/** Handlers for the contract's `customers` tag. */
export function createCustomerHandlers(deps: {
  members: ReturnType<typeof createMembershipService>
  customers: ReturnType<typeof createCustomerService>
  exports: ReturnType<typeof createCustomerExportService>
  rights: ReturnType<typeof createCustomerDataRightsService>
  profiles: ReturnType<typeof createCustomerProfileService>
  imports: ReturnType<typeof createCustomerImportService>
}) {
  const { customers, exports, rights, profiles, imports } = deps
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

    async exportCustomers(request: OperationRequest<'exportCustomers'>, reply: FastifyReply) {
      const member = await memberOf(request)
      requireCapability(member, 'customers.read', 'export customers')
      const file = await exports.export(member, request.query)
      return reply
        .header('content-type', 'text/csv; charset=utf-8; header=present')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(file.chunks))
    },

    async importCustomers(request: OperationRequest<'importCustomers'>) {
      const member = await memberOf(request)
      requireCapability(member, 'customers.import', 'import customers')
      return imports.run(member, request.body)
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

    async exportCustomerData(request: OperationRequest<'exportCustomerData'>, reply: FastifyReply) {
      const member = await memberOf(request)
      requireCapability(member, 'customers.export', 'export a customer’s data')
      const file = await rights.export(member, request.params.customerId)
      return reply
        .header('content-disposition', `attachment; filename="customer-${file.customer.id}.json"`)
        .header('cache-control', 'no-store')
        .send(file)
    },

    async eraseCustomer(request: OperationRequest<'eraseCustomer'>) {
      const member = await memberOf(request)
      requireCapability(member, 'customers.delete', 'erase customers')
      return rights.erase(member, request.params.customerId, request.body)
    },

    async listCustomerAppointments(request: OperationRequest<'listCustomerAppointments'>) {
      const member = await memberOf(request)
      requireCapability(member, 'customers.read', 'see customers')
      const { limit = 25, offset = 0, when = 'all' } = request.query
      return profiles.visits(member, request.params.customerId, when, { limit, offset })
    },

    async getCustomerOverview(request: OperationRequest<'getCustomerOverview'>) {
      const member = await memberOf(request)
      requireCapability(member, 'customers.read', 'see customers')
      return profiles.overview(member, request.params.customerId)
    },

    async listCustomerNotes(request: OperationRequest<'listCustomerNotes'>) {
      const member = await memberOf(request)
      requireCapability(member, 'customers.read', 'see customers')
      const { limit = 25, cursor } = request.query
      return profiles.notes(member, request.params.customerId, { cursor, limit })
    },

    async addCustomerNote(request: OperationRequest<'addCustomerNote'>, reply: FastifyReply) {
      const member = await memberOf(request)
      requireCapability(member, 'customers.write', 'add notes about customers')
      const note = await profiles.addNote(member, request.params.customerId, request.body)
      return reply.code(201).send(note)
    },

    async deleteCustomerNote(request: OperationRequest<'deleteCustomerNote'>, reply: FastifyReply) {
      const member = await memberOf(request)
      requireCapability(member, 'customers.write', 'delete notes about customers')
      await profiles.deleteNote(member, request.params.customerId, request.params.noteId)
      return reply.code(204).send()
    },
  }
}
