import type { FastifyReply } from 'fastify'
import type { createServiceCatalogueService } from '../services/service-catalogue-service.ts'
import type { MemberRequest } from './operation-access.ts'

export interface ServiceHandlerDeps {
  catalogue: ReturnType<typeof createServiceCatalogueService>
}

/** Handlers for the contract's `services` tag. */
export function createServiceHandlers({ catalogue }: ServiceHandlerDeps) {
  return {
    async listServices(request: MemberRequest<'listServices'>) {
      const { search, active, sort = 'name', limit = 25, offset = 0 } = request.query
      return catalogue.list(request.member, { search, active, sort, limit, offset })
    },

    async getService(request: MemberRequest<'getService'>) {
      return catalogue.get(request.member, request.params.serviceId)
    },

    async createService(request: MemberRequest<'createService'>, reply: FastifyReply) {
      const created = await catalogue.create(request.member, request.body)
      reply.code(201)
      return created
    },

    async updateService(request: MemberRequest<'updateService'>) {
      return catalogue.update(request.member, request.params.serviceId, request.body)
    },

    async deleteService(request: MemberRequest<'deleteService'>, reply: FastifyReply) {
      await catalogue.remove(request.member, request.params.serviceId)
      return reply.code(204).send()
    },
  }
}
