import { fromPromise } from 'xstate'
import { loadAllTeamMembers, type TeamMember } from '../../api/catalogue'
import { createLoadMachine } from '../../machines/page-load.machine'
import { loadBusinessConfiguration, loadSettings } from './api'
import type { BusinessConfiguration, Settings } from './setting-pages'

/** What the settings overview describes: the settings and the business's configuration. */
export interface SettingsOverviewData {
  settings: Settings
  business: BusinessConfiguration
}

/** The settings overview, loaded from the API. */
export const overviewLogic = createLoadMachine<SettingsOverviewData>().provide({
  actors: {
    load: fromPromise(async () => {
      const [settings, business] = await Promise.all([loadSettings(), loadBusinessConfiguration()])
      return { settings, business }
    }),
  },
})

/** The whole team, for the choice before a change of the business's time zone. */
export const zoneMoveTeamLogic = createLoadMachine<TeamMember[]>().provide({
  actors: { load: fromPromise(async () => (await loadAllTeamMembers()).items) },
})
