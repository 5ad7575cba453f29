import { fromPromise } from 'xstate'
import type { DayRange } from '../../domain/day-range'
import { createLoadMachine } from '../../machines/page-load.machine'
import { type Insights, loadInsights } from './api'

const insightsLoad = createLoadMachine<Insights>()

/** The figures of one range, loaded from the API (a new range is a new actor). */
export function createInsightsLogic(range: DayRange) {
  return insightsLoad.provide({
    actors: { load: fromPromise(() => loadInsights(range)) },
  })
}
