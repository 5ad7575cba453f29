import type { FastifyReply, FastifyRequest } from 'fastify'
import type { OperationRequest } from '../http/operation-types.ts'
import { requireCapability } from '../http/require-capability.ts'
import { requireIdentity } from '../http/require-identity.ts'
import type { createMembershipService } from '../services/membership-service.ts'
import type { createServiceCatalogueService } from '../services/service-catalogue-service.ts'

export interface ServiceHandlerDeps {
  members: ReturnType<typeof createMembershipService>
  catalogue: ReturnType<typeof createServiceCatalogueService>
}

/** Handlers for the contract's `services` tag. */
export function createServiceHandlers({ members, catalogue }: ServiceHandlerDeps) {
  const memberOf = (request: FastifyRequest) => members.resolve(requireIdentity(request))

  return {
    async listServices(request: OperationRequest<'listServices'>) {
      const member = await memberOf(request)
      requireCapability(member, 'services.read', 'see services')
      const { search, active, sort = 'name', limit = 25, offset = 0 } = request.query
      return catalogue.list(member, { search, active, sort, limit, offset })
    },

    async getService(request: OperationRequest<'getService'>) {
      const member = await memberOf(request)
      requireCapability(member, 'services.read', 'see services')
      return catalogue.get(member, request.params.serviceId)
    },

    async createService(request: OperationRequest<'createService'>, reply: FastifyReply) {
      const member = await memberOf(request)
      requireCapability(member, 'services.write', 'add services')
      const created = await catalogue.create(member, request.body)
      reply.code(201)
      return created
    },

    async updateService(request: OperationRequest<'updateService'>) {
      const member = await memberOf(request)
      requireCapability(member, 'services.write', 'change services')
      return catalogue.update(member, request.params.serviceId, request.body)
    },

    async deleteService(request: OperationRequest<'deleteService'>, reply: FastifyReply) {
      const member = await memberOf(request)
      requireCapability(member, 'services.write', 'delete services')
      await catalogue.remove(member, request.params.serviceId)
      return reply.code(204).send()
    },
  }
}
