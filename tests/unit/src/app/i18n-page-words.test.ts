import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { useTranslation } from '../../../../src/app/i18n'

type Words = ReturnType<typeof useTranslation>

/** Shows what `pick` makes of the page's words (the page's language before any choice). */
function Probe({ pick }: { pick: (words: Words) => React.ReactNode }) {
  return createElement('p', null, pick(useTranslation()))
}

const render = (pick: (words: Words) => React.ReactNode) =>
  renderToStaticMarkup(createElement(Probe, { pick }))

describe("the booking pages' words", () => {
  it('put an element where the sentence has its placeholder, escaping the text', () => {
    const member = createElement('strong', null, 'Ann <3')
    expect(render(({ tn }) => tn('service_question', { member }))).toBe(
      '<p>What would you like to book with <strong>Ann &lt;3</strong>?</p>',
    )
  })

  it("say the machine's catalogue keys and pass the server's own sentences through", () => {
    expect(render(({ say }) => say('error_catalogue'))).toBe(
      '<p>The booking page could not load.</p>',
    )
    expect(render(({ say }) => say('No such business.'))).toBe('<p>No such business.</p>')
  })

  it('format with the bare language until a business names its locale', () => {
    expect(render(({ intl }) => intl)).toBe('<p>en</p>')
  })
})
