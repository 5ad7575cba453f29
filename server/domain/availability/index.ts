// The availability engine: pure functions of schedules, services, policy and `now`.
export { pooledSlots } from './any-available.ts'
export { checkFit } from './check-fit.ts'
export { chooseTeamMember } from './fair-assignment.ts'
export { memberSlots, type SlotQuery } from './slots.ts'
export type {
  AssignmentCandidate,
  BusyAppointment,
  FitProblem,
  MemberSchedule,
  PooledSlot,
  ServiceTiming,
  Slot,
  SlotPolicy,
  WorkingPeriod,
} from './types.ts'
export { workingPeriods } from './working-periods.ts'
