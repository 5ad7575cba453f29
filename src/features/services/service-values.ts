import {
  type BookingQuestionKind,
  isChoiceKind,
  questionProblems,
} from '../../../shared/booking-questions'
import type { components } from '../../../shared/contract/schema'
import { type PaymentRuleKind, paymentRuleProblems } from '../../../shared/payment-rules'
import { collectErrors, isBlank } from '../../components/form/validation'
import { changedFields, type FieldErrors } from '../../machines/entity-form.machine'

export type Service = components['schemas']['Service']
export type ServiceInput = components['schemas']['ServiceInput']
export type ServicePatch = components['schemas']['ServicePatch']

/** A service as its form edits it: numbers may be empty (null) while the user types. */
export interface ServiceValues {
  name: string
  description: string
  duration_minutes: number | null
  price_minor: number | null
  buffer_before_minutes: number | null
  buffer_after_minutes: number | null
  color: string
  category: string
  active: boolean
  capacity: number | null
  /** The payment rule: its kind, and the amount of each kind kept while another is chosen. */
  payment_rule_kind: PaymentRuleKind
  deposit_amount_minor: number | null
  deposit_percent: number | null
  no_show_fee_minor: number | null
  team_member_ids: string[]
  booking_questions: QuestionValues[]
}

/**
 * A booking question as the form edits it: `key` tells list items apart while they move
 * (a new question has no id until saved), options are typed one per line.
 */
export interface QuestionValues {
  key: string
  id?: string
  label: string
  kind: BookingQuestionKind
  required: boolean
  optionsText: string
}

let nextQuestionKey = 0

export function newQuestion(): QuestionValues {
  nextQuestionKey += 1
  return {
    key: `new-${nextQuestionKey}`,
    label: '',
    kind: 'short_text',
    required: false,
    optionsText: '',
  }
}

function questionOptions(question: QuestionValues): string[] {
  if (!isChoiceKind(question.kind)) return []
  return question.optionsText
    .split('\n')
    .map((option) => option.trim())
    .filter(Boolean)
}

function questionInputs(questions: QuestionValues[]): ServiceInput['booking_questions'] {
  return questions.map((question) => ({
    ...(question.id ? { id: question.id } : {}),
    label: question.label.trim(),
    kind: question.kind,
    required: question.required,
    options: questionOptions(question),
  }))
}

/** Said of an active service no bookable team member performs, wherever it is listed. */
export const NOT_BOOKABLE_ONLINE = 'Not bookable online — nobody performs it'

export const DEFAULT_SERVICE_COLOR = '#4f46e5'

export const NEW_SERVICE: ServiceValues = {
  name: '',
  description: '',
  duration_minutes: 30,
  price_minor: null,
  buffer_before_minutes: 0,
  buffer_after_minutes: 0,
  color: DEFAULT_SERVICE_COLOR,
  category: '',
  active: true,
  capacity: 1,
  payment_rule_kind: 'none',
  deposit_amount_minor: null,
  deposit_percent: null,
  no_show_fee_minor: null,
  team_member_ids: [],
  booking_questions: [],
}

export function serviceToValues(service: Service): ServiceValues {
  return {
    name: service.name,
    description: service.description,
    duration_minutes: service.duration_minutes,
    price_minor: service.price_minor,
    buffer_before_minutes: service.buffer_before_minutes,
    buffer_after_minutes: service.buffer_after_minutes,
    color: service.color,
    category: service.category ?? '',
    active: service.active,
    capacity: service.capacity,
    payment_rule_kind: service.payment_rule.kind,
    deposit_amount_minor: service.payment_rule.deposit_amount_minor,
    deposit_percent: service.payment_rule.deposit_percent,
    no_show_fee_minor: service.payment_rule.no_show_fee_minor,
    team_member_ids: [...service.team_member_ids],
    booking_questions: service.booking_questions.map((question) => ({
      key: question.id,
      id: question.id,
      label: question.label,
      kind: question.kind,
      required: question.required,
      optionsText: question.options.join('\n'),
    })),
  }
}

/** The body of createService. Call only after `validateService` found nothing. */
export function serviceInput(values: ServiceValues): ServiceInput {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    duration_minutes: values.duration_minutes ?? 0,
    price_minor: values.price_minor ?? 0,
    buffer_before_minutes: values.buffer_before_minutes ?? 0,
    buffer_after_minutes: values.buffer_after_minutes ?? 0,
    color: values.color,
    // An empty category is "no category", which the API spells null.
    category: isBlank(values.category) ? null : values.category.trim(),
    active: values.active,
    capacity: values.capacity ?? 1,
    payment_rule: paymentRuleInput(values),
    team_member_ids: values.team_member_ids,
    booking_questions: questionInputs(values.booking_questions),
  }
}

/** The rule as the API takes it: only the chosen kind's amount goes with it. */
function paymentRuleInput(values: ServiceValues): NonNullable<ServiceInput['payment_rule']> {
  switch (values.payment_rule_kind) {
    case 'deposit_fixed':
      return { kind: 'deposit_fixed', deposit_amount_minor: values.deposit_amount_minor }
    case 'deposit_percent':
      return { kind: 'deposit_percent', deposit_percent: values.deposit_percent }
    case 'card_on_file':
      return { kind: 'card_on_file', no_show_fee_minor: values.no_show_fee_minor }
    default:
      return { kind: values.payment_rule_kind }
  }
}

/** What each rule is called in the form. */
export const PAYMENT_RULE_LABELS: Record<PaymentRuleKind, string> = {
  none: 'Nothing: customers pay at the appointment',
  full: 'Full price when booking',
  deposit_fixed: 'A fixed deposit when booking',
  deposit_percent: 'A percentage deposit when booking',
  card_on_file: 'Card kept for a no-show fee',
}

/** The body of updateService: only what changed since the form loaded (or last saved). */
export function servicePatch(initial: ServiceValues, values: ServiceValues): ServicePatch {
  const changed = changedFields(serviceInput(initial), serviceInput(values))
  return changed
}

const MINUTES_LIMITS = {
  duration_minutes: { min: 5, max: 720 },
  buffer_before_minutes: { min: 0, max: 240 },
  buffer_after_minutes: { min: 0, max: 240 },
} as const

function minutesError(value: number | null, min: number, max: number, what: string) {
  if (value === null) return `Enter the ${what} in minutes.`
  if (!Number.isInteger(value) || value < min || value > max) {
    return `The ${what} must be between ${min} and ${max} minutes.`
  }
  return null
}

/** What the browser can check before sending; the server checks the same and more. */
/** With the business's `currency`, a rule's amounts must also reach Stripe's smallest charge. */
export function validateService(values: ServiceValues, currency?: string): FieldErrors {
  const questionErrors: Record<string, string> = {}
  const drafts = values.booking_questions.map((question) => ({
    label: question.label,
    kind: question.kind,
    required: question.required,
    options: questionOptions(question),
  }))
  for (const { index, field, message } of questionProblems(drafts)) {
    const what = field === 'label' ? 'The question' : 'The list of options'
    questionErrors[`booking_questions.${index}.${field}`] ??= `${what} ${message}.`
  }
  const ruleErrors: Record<string, string> = {}
  const rule = paymentRuleInput(values)
  for (const { field, message } of paymentRuleProblems(rule, values.price_minor ?? 0, currency)) {
    const key = field === 'price' ? 'price_minor' : `payment_rule.${field}`
    ruleErrors[key] ??= field === 'price' ? `The price ${message}.` : ruleMessage(field, message)
  }
  return collectErrors({
    ...ruleErrors,
    ...questionErrors,
    name: isBlank(values.name) && 'Enter a name for the service.',
    duration_minutes: minutesError(
      values.duration_minutes,
      MINUTES_LIMITS.duration_minutes.min,
      MINUTES_LIMITS.duration_minutes.max,
      'duration',
    ),
    price_minor:
      values.price_minor === null
        ? 'Enter a price (0 for a free service).'
        : values.price_minor < 0
          ? 'The price cannot be negative.'
          : ruleErrors.price_minor,
    buffer_before_minutes: minutesError(
      values.buffer_before_minutes,
      MINUTES_LIMITS.buffer_before_minutes.min,
      MINUTES_LIMITS.buffer_before_minutes.max,
      'buffer before',
    ),
    buffer_after_minutes: minutesError(
      values.buffer_after_minutes,
      MINUTES_LIMITS.buffer_after_minutes.min,
      MINUTES_LIMITS.buffer_after_minutes.max,
      'buffer after',
    ),
    capacity:
      values.capacity === null || values.capacity < 1 || values.capacity > 100
        ? 'Seats per slot must be between 1 and 100.'
        : null,
  })
}

function ruleMessage(field: string, message: string): string {
  const what: Record<string, string> = {
    deposit_amount_minor: 'The deposit',
    deposit_percent: 'The percentage',
    no_show_fee_minor: 'The no-show fee',
    kind: 'The payment rule',
  }
  if (message.startsWith('is required')) return `Enter ${what[field]?.toLowerCase() ?? field}.`
  return `${what[field] ?? field} ${message}.`
}

export const SERVICE_SORTS = ['name', '-name', 'price', '-price', 'duration', '-duration'] as const
export type ServiceSort = (typeof SERVICE_SORTS)[number]

export const SERVICE_SORT_LABELS: Record<ServiceSort, string> = {
  name: 'Name (A–Z)',
  '-name': 'Name (Z–A)',
  price: 'Price (low to high)',
  '-price': 'Price (high to low)',
  duration: 'Duration (shortest first)',
  '-duration': 'Duration (longest first)',
}

export function isServiceSort(value: string): value is ServiceSort {
  return (SERVICE_SORTS as readonly string[]).includes(value)
}
