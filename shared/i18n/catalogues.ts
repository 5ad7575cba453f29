import type { Language } from '../languages.ts'
import { de } from './de.ts'
import type { Catalogue } from './en.ts'
import { en } from './en.ts'
import { es } from './es.ts'
import { fr } from './fr.ts'

/**
 * Every catalogue at once, for the server (an e-mail may be in any language). The browser
 * never imports this file: it loads only the visitor's catalogue, lazily (src/app/i18n.ts).
 */
export const CATALOGUES: Record<Language, Catalogue> = { en, es, de, fr }
