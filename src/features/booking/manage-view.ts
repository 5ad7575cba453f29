import type { useActorRef } from '@xstate/react'
import type { createManageLogic } from './effects'

/** The manage link's actor, as booking-event-screen.tsx and its parts (manage-*.tsx) read it. */
export type ManageActor = ReturnType<typeof useActorRef<ReturnType<typeof createManageLogic>>>

/*
 * What takes the focus when the page opens or closes the reschedule or cancel part without a
 * navigation: its heading, and the appointment's again afterwards, so keyboard and screen-reader
 * users are never left on a button that is gone.
 */
export const VIEW_FOCUS = 'data-view-focus'
export const SECTION_FOCUS = { [VIEW_FOCUS]: 'section' }
