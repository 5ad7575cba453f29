// The read moved to server/db/read-models/appointment-details.ts with the rest of the SQL;
// this module keeps the old import path working for callers outside notifications until they
// import the read model directly.
export {
  type AppointmentDetails,
  loadAppointmentDetails,
  loadMemberAppointments,
} from '../db/read-models/appointment-details.ts'
