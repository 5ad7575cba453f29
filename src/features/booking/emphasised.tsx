import type { MessageKey } from '../../../shared/i18n/en'
import type { Translate } from '../../app/i18n'

/** Stands for the value while the sentence is translated; no catalogue text contains it. */
const MARK = '\u0000'

/**
 * A catalogue sentence with one placeholder's value in bold ("Signed in as **ann@…**"): the
 * words stay whole for the translator, wherever the language puts the value.
 */
export function Emphasised({
  t,
  message,
  name,
  value,
}: {
  t: Translate
  message: MessageKey
  /** The placeholder (`email` for `{{email}}`). */
  name: string
  value: string
}) {
  const [before = '', after = ''] = t(message, { [name]: MARK }).split(MARK)
  return (
    <>
      {before}
      <strong>{value}</strong>
      {after}
    </>
  )
}
