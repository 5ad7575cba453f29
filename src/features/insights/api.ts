import type { Client } from 'openapi-fetch'
import type { components, paths } from '../../../shared/contract/schema'
import { unwrap } from '../../api/api-error'
import { api } from '../../api/client'
import type { DayRange } from '../../domain/day-range'

export type Insights = components['schemas']['Insights']
export type InsightsPeriod = components['schemas']['InsightsPeriod']
export type InsightsChart = components['schemas']['InsightsChart']

const rangeQuery = (range: DayRange) => ({
  start_date: range.start.toString(),
  end_date: range.end.toString(),
})

/** getInsights: every figure of the range and of the period before it. */
export async function loadInsights(
  range: DayRange,
  client: Client<paths> = api,
): Promise<Insights> {
  return unwrap(await client.GET('/api/v1/insights', { params: { query: rangeQuery(range) } }))
}

/** exportInsights: one chart's rows as a CSV Blob, through the app's one client (token, refresh). */
export async function fetchInsightsCsv(
  range: DayRange,
  chart: InsightsChart,
  client: Client<paths> = api,
): Promise<Blob> {
  return unwrap(
    await client.GET('/api/v1/insights/export.csv', {
      params: { query: { ...rangeQuery(range), chart } },
      headers: { Accept: 'text/csv' },
      parseAs: 'blob',
    }),
  )
}

/** The download's name, as the server names it. */
export function insightsFileName(range: DayRange, chart: InsightsChart): string {
  return `insights-${chart}-${range.start.toString()}-to-${range.end.toString()}.csv`
}
