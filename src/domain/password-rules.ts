export interface PasswordRule {
  id: 'length' | 'lowercase' | 'uppercase' | 'digit' | 'symbol'
  label: string
  test: (password: string) => boolean
}

export const MIN_PASSWORD_LENGTH = 8

/**
 * The identity provider's password policy, checked before sign-up so users see it as they type.
 * Letters and digits are ASCII, as the provider counts them: an 'é' alone would pass a Unicode
 * check here and still be rejected at sign-up.
 */
export const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    id: 'length',
    label: `At least ${MIN_PASSWORD_LENGTH} characters`,
    test: (password) => password.length >= MIN_PASSWORD_LENGTH,
  },
  { id: 'lowercase', label: 'A lowercase letter', test: (password) => /[a-z]/.test(password) },
  { id: 'uppercase', label: 'An uppercase letter', test: (password) => /[A-Z]/.test(password) },
  { id: 'digit', label: 'A number', test: (password) => /[0-9]/.test(password) },
  {
    id: 'symbol',
    label: 'A symbol, such as ! or #',
    test: (password) => /[^A-Za-z0-9\s]/.test(password),
  },
]

export interface PasswordRuleResult {
  id: PasswordRule['id']
  label: string
  met: boolean
}

export function checkPassword(password: string): PasswordRuleResult[] {
  return PASSWORD_RULES.map(({ id, label, test }) => ({ id, label, met: test(password) }))
}

export function meetsPasswordRules(password: string): boolean {
  return PASSWORD_RULES.every((rule) => rule.test(password))
}
