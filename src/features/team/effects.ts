import { fromPromise } from 'xstate'
import { createLoadMachine } from '../../machines/page-load.machine'
import { loadPlanUsage, type PlanUsage } from './api'

/** The plan in force and its usage, loaded from the API. */
export const planUsageLogic = createLoadMachine<PlanUsage>().provide({
  actors: { load: fromPromise(() => loadPlanUsage()) },
})
