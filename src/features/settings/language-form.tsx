import { LANGUAGE_NAMES } from '../../../shared/i18n/language-choice'
import { LANGUAGES } from '../../../shared/languages'
import { FormSelectField } from '../../components/form/select-field'
import { FormSwitchField } from '../../components/form/switch-field'
import { createEntityFormMachine } from '../../machines/entity-form.machine'
import { saveLanguageSettings } from './api'
import { SettingFormPage } from './setting-form-page'
import type { LanguageSettings } from './setting-pages'

// Each language by its own name: the owner may not read English, a visitor may not read theirs.
const LANGUAGE_OPTIONS = LANGUAGES.map((id) => ({ id, label: LANGUAGE_NAMES[id] }))

const languageForm = createEntityFormMachine<LanguageSettings, LanguageSettings>()

export function LanguageForm() {
  return (
    <SettingFormPage
      machine={languageForm}
      settingId="language"
      name="Language settings"
      initialValues={{ default_language: 'en', follow_visitor_language: true }}
      fromSettings={(settings) => ({ ...settings.language })}
      validate={() => ({})}
      save={(values) => saveLanguageSettings(values)}
    >
      {({ values, fieldErrors, change }) => (
        <section className="p-form-section" aria-labelledby="language-pages">
          <h2 id="language-pages" className="p-form-section__title">
            Booking pages and customer e-mails
          </h2>
          <FormSelectField
            label="Default language"
            name="default_language"
            isRequired
            value={values.default_language}
            options={LANGUAGE_OPTIONS}
            onChange={(default_language) => change({ default_language })}
            error={fieldErrors.default_language}
            description="Your booking pages and the e-mails to your customers are written in it."
          />
          <FormSwitchField
            label="Show the booking page in the visitor's language when available"
            name="follow_visitor_language"
            value={values.follow_visitor_language}
            onChange={(follow_visitor_language) => change({ follow_visitor_language })}
            error={fieldErrors.follow_visitor_language}
            description="Visitors whose browser prefers English, Spanish, German or French see that language, and may switch at the foot of the page. Their e-mails follow the language they booked in."
          />
        </section>
      )}
    </SettingFormPage>
  )
}
