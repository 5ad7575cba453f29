import rosetta from 'rosetta'
import { CATALOGUES } from '../../shared/i18n/catalogues.ts'
import type { Catalogue, MessageKey } from '../../shared/i18n/en.ts'
import type { Language } from '../../shared/languages.ts'

/*
 * The server's one catalogue instance: customer e-mails and calendar invitations in the
 * customer's language. Every language is loaded (they are small and any e-mail may need any);
 * the language is passed per call, so concurrent e-mails never share a "current" language.
 */
const i18n = rosetta<Catalogue>({ ...CATALOGUES })

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string

/** `t` for one language. Placeholders are filled as plain text: each format encodes after. */
export function translatorFor(language: Language): Translate {
  return (key, params) => i18n.t(key, params, language)
}
