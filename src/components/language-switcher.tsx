import { LANGUAGE_NAMES } from '../../shared/i18n/language-choice'
import { isLanguage, LANGUAGES } from '../../shared/languages'
import { chooseLanguage, useTranslation } from '../app/i18n'

/**
 * The booking pages' language picker: a native select (keyboard and screen readers for free),
 * each language by its own name and tagged with it. Shown only when the business lets the
 * page follow the visitor's language.
 */
export function LanguageSwitcher() {
  const { language, switchable, t } = useTranslation()
  if (!switchable) return null
  return (
    <div className="p-language-switcher">
      <label className="p-language-switcher__label" htmlFor="page-language">
        {t('language_label')}
      </label>
      <select
        id="page-language"
        className="p-input p-language-switcher__select"
        value={language}
        onChange={(event) => {
          if (isLanguage(event.target.value)) void chooseLanguage(event.target.value)
        }}
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  )
}
