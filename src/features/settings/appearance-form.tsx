import { useState } from 'react'
import { FormColorField } from '../../components/form/color-field'
import { collectErrors } from '../../components/form/validation'
import { createEntityFormMachine, type FieldErrors } from '../../machines/entity-form.machine'
import { saveAppearanceSettings } from './api'
import { LogoField } from './logo-field'
import { SettingFormPage } from './setting-form-page'
import type { AppearanceSettings, Logo } from './setting-pages'
import { ChoiceField } from './settings-choice-field'

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/

export function validateAppearance(values: AppearanceSettings): FieldErrors {
  return collectErrors({
    brand_color: !HEX_COLOR.test(values.brand_color) && 'Use a colour such as #4f46e5.',
  })
}

const THEME_CHOICES: {
  id: AppearanceSettings['default_theme']
  label: string
  description: string
}[] = [
  { id: 'light', label: 'Light', description: 'Dark text on a light background.' },
  { id: 'dark', label: 'Dark', description: 'Light text on a dark background.' },
  {
    id: 'system',
    label: 'Follow the visitor’s device',
    description: 'Light or dark, as their phone or computer is set.',
  },
]

const appearanceForm = createEntityFormMachine<AppearanceSettings, AppearanceSettings>()

export function AppearanceForm() {
  // The logo comes with the settings but is saved on its own (LogoField), not with the form.
  const [logo, setLogo] = useState<Logo | null>(null)
  return (
    <SettingFormPage
      machine={appearanceForm}
      settingId="appearance"
      name="Appearance"
      initialValues={{ brand_color: '#4f46e5', default_theme: 'system' }}
      fromSettings={(settings) => {
        setLogo(settings.logo)
        return { ...settings.appearance }
      }}
      validate={validateAppearance}
      save={(values) => saveAppearanceSettings(values)}
    >
      {({ values, fieldErrors, change }) => (
        <>
          <LogoField initial={logo} />
          <section className="p-form-section" aria-labelledby="appearance-brand">
            <h2 id="appearance-brand" className="p-form-section__title">
              Your booking pages
            </h2>
            <p className="p-form-section__intro">
              How the pages your customers book on look. The staff app keeps each person’s own light
              or dark choice.
            </p>
            <FormColorField
              label="Brand colour"
              name="brand_color"
              isRequired
              value={values.brand_color}
              onChange={(brand_color) => change({ brand_color })}
              error={fieldErrors.brand_color}
              description="Buttons and highlights on your booking pages."
            />
            <ChoiceField
              label="Default theme"
              name="default_theme"
              isRequired
              value={values.default_theme}
              choices={THEME_CHOICES}
              onChange={(default_theme) => change({ default_theme })}
              error={fieldErrors.default_theme}
            />
          </section>
        </>
      )}
    </SettingFormPage>
  )
}
