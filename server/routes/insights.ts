import type { FastifyReply } from 'fastify'
import type { InsightsService } from '../services/insights-service.ts'
import type { MemberRequest } from './operation-access.ts'

export interface InsightsHandlerDeps {
  insights: InsightsService
}

/** Handlers for the contract's `insights` tag. */
export function createInsightsHandlers({ insights }: InsightsHandlerDeps) {
  return {
    async getInsights(request: MemberRequest<'getInsights'>) {
      return insights.insights(request.member.tenantId, request.query)
    },

    async exportInsights(request: MemberRequest<'exportInsights'>, reply: FastifyReply) {
      const file = await insights.export(request.member.tenantId, request.query)
      return reply
        .header('content-type', 'text/csv; charset=utf-8; header=present')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.body)
    },
  }
}
