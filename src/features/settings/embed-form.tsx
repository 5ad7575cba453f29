import { Button } from 'react-aria-components'
import { ApiError } from '../../api/api-error'
import { useProfile } from '../../app/auth-context'
import { useToast } from '../../app/toast-context'
import { FormSwitchField } from '../../components/form/switch-field'
import { FormTextField } from '../../components/form/text-field'
import { createEntityFormMachine } from '../../machines/entity-form.machine'
import { loadEmbedSettings, saveEmbedSettings } from './api'
import { SettingFormPage } from './setting-form-page'
import type { EmbedSettings } from './setting-pages'

/** The form's values: the origins as the owner types them, one a line. */
interface EmbedValues {
  origins: string
  embed_any_origin: boolean
}

function linesOf(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
}

/**
 * Saves the origins; the server names a bad one by its place in the list (`embed_origins.2`),
 * which the owner knows as a line of the text box, so that is what the error says.
 */
async function saveEmbed(values: EmbedValues): Promise<EmbedSettings> {
  const origins = linesOf(values.origins)
  try {
    return await saveEmbedSettings({
      embed_origins: origins,
      embed_any_origin: values.embed_any_origin,
    })
  } catch (problem) {
    if (problem instanceof ApiError) {
      const lines: string[] = []
      for (const [field, message] of Object.entries(problem.fieldErrors)) {
        const index = /^embed_origins\.(\d+)$/.exec(field)?.[1]
        if (index === undefined && field !== 'embed_origins') continue
        const origin = index === undefined ? undefined : origins[Number(index)]
        lines.push(origin === undefined ? message : `“${origin}”: ${message}`)
        delete problem.fieldErrors[field]
      }
      if (lines.length > 0) problem.fieldErrors.origins = lines.join(' ')
    }
    throw problem
  }
}

const embedForm = createEntityFormMachine<EmbedValues, EmbedSettings>()

export function EmbedForm() {
  return (
    <SettingFormPage
      machine={embedForm}
      settingId="embed"
      name="Embed settings"
      initialValues={{ origins: '', embed_any_origin: false }}
      load={async () => {
        const settings = await loadEmbedSettings()
        return {
          origins: settings.embed_origins.join('\n'),
          embed_any_origin: settings.embed_any_origin,
        }
      }}
      save={saveEmbed}
    >
      {({ values, fieldErrors, change }) => (
        <>
          <section className="p-form-section" aria-labelledby="embed-where">
            <h2 id="embed-where" className="p-form-section__title">
              Where it may appear
            </h2>
            <p className="p-form-section__intro">
              Browsers show your booking page inside another website only if that website is listed
              here. Your other pages (and your staff app) never appear inside another site.
            </p>
            <FormTextField
              label="Your websites"
              name="origins"
              multiline
              rows={4}
              value={values.origins}
              onChange={(origins) => change({ origins })}
              error={fieldErrors.origins}
              placeholder="https://www.example.com"
              description="One address a line, up to 20: https:// (or http://), the domain and an optional port, without a path. Add each spelling visitors use, e.g. with and without www."
            />
            <FormSwitchField
              label="Any website may show my booking page"
              name="embed_any_origin"
              value={values.embed_any_origin}
              onChange={(embed_any_origin) => change({ embed_any_origin })}
              error={fieldErrors.embed_any_origin}
              description="Handy for a website builder that previews on changing addresses. Anyone could then put your booking page on their site."
            />
          </section>
          <EmbedSnippets />
        </>
      )}
    </SettingFormPage>
  )
}

/** The copy-paste code for the business's website, with its real address and handle. */
function EmbedSnippets() {
  const slug = useProfile()?.tenant.slug
  if (!slug) return null
  const script = `<script src="${window.location.origin}/embed.js" async></script>`
  const inline = `<div data-slotwise-booking data-business="${slug}"></div>\n${script}`
  const popup = `<button type="button" data-slotwise-booking-popup data-business="${slug}">\n  Book an appointment\n</button>\n${script}`
  const booked = `<script>\n  window.addEventListener('slotwise:booked', (event) => {\n    console.log('Booked', event.detail.appointmentId)\n  })\n</script>`
  return (
    <section className="p-form-section" aria-labelledby="embed-snippets">
      <h2 id="embed-snippets" className="p-form-section__title">
        Code for your website
      </h2>
      <p className="p-form-section__intro">
        Paste one of these into your website’s HTML where the booking should appear, then save your
        website’s address above. The booking page grows and shrinks with its content, so visitors
        never scroll inside it.
      </p>
      <Snippet id="embed-inline" title="On the page" code={inline}>
        Your booking page, right in your page.
      </Snippet>
      <Snippet id="embed-popup" title="As a button" code={popup}>
        A button that opens your booking page in a dialog. Style the button as you like.
      </Snippet>
      <Snippet id="embed-booked" title="When someone books (optional)" code={booked}>
        Your page hears of each booking as a <code>slotwise:booked</code> event carrying the
        appointment’s id, e.g. for your analytics.
      </Snippet>
    </section>
  )
}

function Snippet({
  id,
  title,
  code,
  children,
}: {
  id: string
  title: string
  code: string
  children: React.ReactNode
}) {
  const toast = useToast()
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code)
      toast.success(`The code “${title}” is on your clipboard.`, 'Copied')
    } catch {
      toast.warn('Copying is not allowed here: select the code and copy it yourself.')
    }
  }
  return (
    <div className="p-stack-sm">
      <h3 id={id} className="p-embed-snippet__title">
        {title}
      </h3>
      <p className="p-muted">{children}</p>
      <pre className="p-embed-snippet">
        <code>{code}</code>
      </pre>
      <div className="p-row">
        <Button
          className="p-button p-button--small"
          aria-label={`Copy code: ${title}`}
          onPress={() => void copy()}
        >
          Copy code
        </Button>
      </div>
    </div>
  )
}
