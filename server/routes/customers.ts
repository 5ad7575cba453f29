import { Readable } from 'node:stream'
import type { FastifyReply } from 'fastify'
import type { createCustomerDataRightsService } from '../services/customer-data-rights-service.ts'
import type { createCustomerExportService } from '../services/customer-export-service.ts'
import type { createCustomerImportService } from '../services/customer-import-service.ts'
import type { createCustomerProfileService } from '../services/customer-profile-service.ts'
import type { createCustomerService } from '../services/customer-service.ts'
import type { MemberRequest } from './operation-access.ts'

/** Handlers for the contract's `customers` tag. */
export function createCustomerHandlers(deps: {
  customers: ReturnType<typeof createCustomerService>
  exports: ReturnType<typeof createCustomerExportService>
  rights: ReturnType<typeof createCustomerDataRightsService>
  profiles: ReturnType<typeof createCustomerProfileService>
  imports: ReturnType<typeof createCustomerImportService>
}) {
  const { customers, exports, rights, profiles, imports } = deps
  return {
    async listCustomers(request: MemberRequest<'listCustomers'>) {
      const { limit = 25, offset = 0, ...query } = request.query
      return customers.list(request.member, query, { limit, offset })
    },

    async createCustomer(request: MemberRequest<'createCustomer'>, reply: FastifyReply) {
      const created = await customers.create(request.member, request.body)
      return reply.code(201).header('location', `/api/v1/customers/${created.id}`).send(created)
    },

    async exportCustomers(request: MemberRequest<'exportCustomers'>, reply: FastifyReply) {
      const file = await exports.export(request.member, request.query)
      return reply
        .header('content-type', 'text/csv; charset=utf-8; header=present')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(file.chunks))
    },

    async importCustomers(request: MemberRequest<'importCustomers'>) {
      return imports.run(request.member, request.body)
    },

    async getCustomer(request: MemberRequest<'getCustomer'>) {
      return customers.get(request.member, request.params.customerId)
    },

    async updateCustomer(request: MemberRequest<'updateCustomer'>) {
      return customers.update(request.member, request.params.customerId, request.body)
    },

    async deleteCustomer(request: MemberRequest<'deleteCustomer'>, reply: FastifyReply) {
      await customers.remove(request.member, request.params.customerId)
      return reply.code(204).send()
    },

    async exportCustomerData(request: MemberRequest<'exportCustomerData'>, reply: FastifyReply) {
      const file = await rights.export(request.member, request.params.customerId)
      return reply
        .header('content-disposition', `attachment; filename="customer-${file.customer.id}.json"`)
        .header('cache-control', 'no-store')
        .send(file)
    },

    async eraseCustomer(request: MemberRequest<'eraseCustomer'>) {
      return rights.erase(request.member, request.params.customerId, request.body)
    },

    async listCustomerAppointments(request: MemberRequest<'listCustomerAppointments'>) {
      const { limit = 25, offset = 0, when = 'all' } = request.query
      return profiles.visits(request.member, request.params.customerId, when, { limit, offset })
    },

    async getCustomerOverview(request: MemberRequest<'getCustomerOverview'>) {
      return profiles.overview(request.member, request.params.customerId)
    },

    async listCustomerNotes(request: MemberRequest<'listCustomerNotes'>) {
      const { limit = 25, cursor } = request.query
      return profiles.notes(request.member, request.params.customerId, { cursor, limit })
    },

    async addCustomerNote(request: MemberRequest<'addCustomerNote'>, reply: FastifyReply) {
      const note = await profiles.addNote(request.member, request.params.customerId, request.body)
      return reply.code(201).send(note)
    },

    async deleteCustomerNote(request: MemberRequest<'deleteCustomerNote'>, reply: FastifyReply) {
      await profiles.deleteNote(request.member, request.params.customerId, request.params.noteId)
      return reply.code(204).send()
    },
  }
}
