import { fromPromise } from 'xstate'
import { activityEntryMachine } from '../../machines/activity-entry.machine'
import { loadActivityEntry } from './api'

/** One activity entry's details, loaded from the API when the list did not have them. */
export const entryLogic = activityEntryMachine.provide({
  actors: { loadEntry: fromPromise(({ input }) => loadActivityEntry(input.entryId)) },
})
