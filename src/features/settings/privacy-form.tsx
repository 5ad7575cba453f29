import { privacyNoticeParagraphs } from '../../../shared/i18n/privacy-notice'
import { useProfile } from '../../app/auth-context'
import { FormTextField } from '../../components/form/text-field'
import { createEntityFormMachine } from '../../machines/entity-form.machine'
import { loadPrivacySettings, savePrivacySettings } from './api'
import { SettingFormPage } from './setting-form-page'
import type { PrivacySettings } from './setting-pages'

/** As long as the server keeps (the contract's maxLength). */
const NOTICE_MAX = 10_000

/** The notice as the text box holds it: empty for the default. */
interface PrivacyValues {
  notice: string
}

const privacyForm = createEntityFormMachine<PrivacyValues, PrivacyValues>()

const toValues = (settings: PrivacySettings): PrivacyValues => ({
  notice: settings.privacy_notice ?? '',
})

/** Settings → Privacy notice: the text the booking pages link to; empty keeps the default. */
export function PrivacyForm() {
  const business = useProfile()?.tenant
  const fallback = privacyNoticeParagraphs(null, business?.name ?? 'Your business', 'en')
  return (
    <SettingFormPage
      machine={privacyForm}
      settingId="privacy"
      name="Privacy notice"
      initialValues={{ notice: '' }}
      load={async () => toValues(await loadPrivacySettings())}
      validate={(values): Record<string, string> =>
        values.notice.length > NOTICE_MAX
          ? { notice: `Please keep the notice under ${NOTICE_MAX.toLocaleString()} characters.` }
          : {}
      }
      save={async (values) =>
        toValues(await savePrivacySettings({ privacy_notice: values.notice.trim() || null }))
      }
    >
      {({ values, fieldErrors, change }) => (
        <section className="p-form-section" aria-labelledby="privacy-notice">
          <h2 id="privacy-notice" className="p-form-section__title">
            What your booking pages say about personal data
          </h2>
          <p className="p-form-section__intro">
            Your booking pages link to this notice at their foot and next to the details form. Plain
            text; a blank line starts a new paragraph. Leave it empty to show the default below, in
            the visitor’s language.
          </p>
          <FormTextField
            label="Your privacy notice"
            name="notice"
            multiline
            rows={10}
            maxLength={NOTICE_MAX}
            value={values.notice}
            onChange={(notice) => change({ notice })}
            error={fieldErrors.notice}
            description={`${values.notice.length.toLocaleString()} of ${NOTICE_MAX.toLocaleString()} characters.`}
          />
          <details className="p-privacy-default">
            <summary>The default notice (English)</summary>
            {fallback.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </details>
        </section>
      )}
    </SettingFormPage>
  )
}
