import type { FieldMessages } from './text-input-field'

export const EMAIL_MESSAGES: FieldMessages = {
  required: 'Enter your e-mail address.',
  format: 'Enter an e-mail address like name@example.com.',
}
