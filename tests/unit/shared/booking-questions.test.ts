import { describe, expect, it } from 'vitest'
import { type AppointmentFacts, teamMemberMessage } from '../../../server/notifications/messages.ts'
import {
  answerProblems,
  answerSnapshot,
  answerText,
  type BookingQuestion,
  questionProblems,
} from '../../../shared/booking-questions.ts'

const question = (
  id: string,
  kind: BookingQuestion['kind'],
  extra: Partial<BookingQuestion> = {},
) =>
  ({ id, label: `Question ${id}`, kind, required: false, options: [], ...extra }) as BookingQuestion

const length = question('len', 'single_choice', { required: true, options: ['Short', 'Long'] })
const extras = question('ext', 'multiple_choice', { options: ['Wash', 'Beard'] })
const agree = question('agr', 'checkbox', { required: true, label: 'I agree to the terms' })
const optionalBox = question('box', 'checkbox')
const note = question('sht', 'short_text')
const story = question('lng', 'long_text', { required: true })
const questions = [length, extras, agree, optionalBox, note, story]

describe('answerProblems', () => {
  it('finds nothing wrong with good answers and nothing to ask without questions', () => {
    expect(
      answerProblems(questions, {
        len: 'Long',
        ext: ['Beard', 'Wash'],
        agr: true,
        box: false,
        sht: 'Blue',
        lng: 'Line one\nLine two',
      }),
    ).toEqual([])
    expect(answerProblems([], {})).toEqual([])
  })

  it('names every required question left unanswered; a required checkbox must be ticked', () => {
    expect(answerProblems(questions, { agr: false, lng: '   ' })).toEqual([
      { questionId: 'len', message: 'is required' },
      { questionId: 'agr', message: 'must be ticked' },
      { questionId: 'lng', message: 'is required' },
    ])
  })

  it('refuses choices not offered, repeats, wrong types, long text and unknown questions', () => {
    expect(
      answerProblems(questions, {
        len: 'Medium',
        ext: ['Wash', 'Wash'],
        agr: 'yes',
        box: true,
        sht: 'x'.repeat(201),
        lng: 'y'.repeat(2001),
        zzz: 'who asked?',
      }),
    ).toEqual([
      { questionId: 'zzz', message: 'is not a question of this service' },
      { questionId: 'len', message: 'must be one of the options' },
      { questionId: 'ext', message: 'must not repeat an option' },
      { questionId: 'agr', message: 'must be true or false' },
      { questionId: 'sht', message: 'must be at most 200 characters' },
      { questionId: 'lng', message: 'must be at most 2000 characters' },
    ])
    expect(answerProblems([extras, note], { ext: ['Nails'], sht: ['a'] })).toEqual([
      { questionId: 'ext', message: 'must contain only the options' },
      { questionId: 'sht', message: 'must be text' },
    ])
    expect(answerProblems([note], { sht: 'x'.repeat(200) })).toEqual([])
  })
})

describe('answerSnapshot', () => {
  it('keeps the answers in question order with the labels as asked, leaving out blanks', () => {
    expect(
      answerSnapshot(questions, { lng: '  Why  ', sht: ' ', len: 'Short', agr: true }),
    ).toEqual([
      { question_id: 'len', label: 'Question len', kind: 'single_choice', value: 'Short' },
      { question_id: 'agr', label: 'I agree to the terms', kind: 'checkbox', value: true },
      { question_id: 'lng', label: 'Question lng', kind: 'long_text', value: 'Why' },
    ])
  })

  it('writes each kind of answer as text', () => {
    expect(answerText({ value: true })).toBe('Yes')
    expect(answerText({ value: false })).toBe('No')
    expect(answerText({ value: ['Wash', 'Beard'] })).toBe('Wash, Beard')
  })
})

describe('questionProblems', () => {
  const draft = (extra: object) =>
    ({
      label: 'Hair length',
      kind: 'short_text',
      required: false,
      options: [],
      ...extra,
    }) as Parameters<typeof questionProblems>[0][number]

  it('accepts well-formed questions', () => {
    expect(
      questionProblems([
        draft({}),
        draft({ id: 'a', kind: 'single_choice', options: ['Short', 'Long'] }),
      ]),
    ).toEqual([])
  })

  it('names blank labels, bad options and repeated ids by index', () => {
    expect(
      questionProblems([
        draft({ id: 'a', label: '  ' }),
        draft({ id: 'a', kind: 'single_choice', options: ['Only'] }),
        draft({ kind: 'multiple_choice', options: ['Red', 'red'] }),
        draft({ kind: 'single_choice', options: ['Red', ' '] }),
        draft({ options: ['Stray'] }),
        draft({ kind: 'single_choice', options: ['x'.repeat(101), 'y'] }),
      ]),
    ).toEqual([
      { index: 0, field: 'label', message: 'must not be blank' },
      { index: 1, field: 'id', message: 'is the id of an earlier question' },
      { index: 1, field: 'options', message: 'must offer at least two options' },
      { index: 2, field: 'options', message: 'must not repeat an option' },
      { index: 3, field: 'options', message: 'must not contain a blank option' },
      { index: 4, field: 'options', message: 'only choice questions have options' },
      { index: 5, field: 'options', message: 'must each be at most 100 characters' },
    ])
  })
})

describe("the team member's new-booking e-mail", () => {
  const facts: AppointmentFacts = {
    businessName: 'Harbor Street Studio',
    businessAddress: '',
    businessPhone: '',
    businessTimeZone: 'Europe/Berlin',
    locale: 'en-US',
    serviceName: 'Haircut',
    teamMemberName: 'Sam Staff',
    teamMemberTimeZone: 'Europe/Berlin',
    customerName: 'Ana Lopez',
    customerTimeZone: null,
    customerLanguage: 'en',
    startsAt: new Date('2026-03-29T08:00:00Z'),
    endsAt: new Date('2026-03-29T08:45:00Z'),
    cancelReason: null,
    manageUrl: 'https://book.example.test/m',
    bookingUrl: 'https://book.example.test/b',
    bookingAnswers: [
      { question_id: 'len', label: 'Hair length', kind: 'single_choice', value: 'Long' },
      { question_id: 'agr', label: 'I agree', kind: 'checkbox', value: true },
      { question_id: 'lng', label: 'Notes', kind: 'long_text', value: 'One\nhttps://evil.test' },
    ],
  }

  it('lists the answers, a typed line break indented so it cannot pose as a line of its own', () => {
    const { text } = teamMemberMessage('confirmation', facts)
    expect(text).toContain(
      'Answers given when booking:\n- Hair length: Long\n- I agree: Yes\n- Notes: One\n    https://evil.test',
    )
    expect(text).not.toMatch(/^https:\/\/evil/m)
  })

  it('leaves them out of other e-mails and when nothing was asked', () => {
    expect(teamMemberMessage('reminder', facts).text).not.toContain('Answers given')
    expect(teamMemberMessage('confirmation', { ...facts, bookingAnswers: [] }).text).not.toContain(
      'Answers given',
    )
  })
})
