/**
 * The questions a business asks with an online booking of a service, and the answers stored
 * with the appointment (services.booking_questions, appointments.booking_answers). The types
 * and rules live in the shared kernel so the booking page checks answers as the server does.
 */
export {
  type AnswerProblem,
  answerProblems,
  answerSnapshot,
  answerText,
  type BookingAnswer,
  type BookingAnswerValue,
  type BookingAnswerValues,
  type BookingQuestion,
  type BookingQuestionDraft,
  type BookingQuestionKind,
  bookingQuestionKinds,
  bookingQuestionLimits,
  isChoiceKind,
  type QuestionProblem,
  questionProblems,
} from '../../shared/booking-questions.ts'
