import { type ChangeEvent, useId, useRef, useState } from 'react'
import { Button } from 'react-aria-components'
import { ApiError } from '../../api/api-error'
import { useToast } from '../../app/toast-context'
import { deleteLogo, uploadLogo } from './api'
import type { Logo } from './setting-pages'

/** The server's limits (server/domain/logo-image.ts), checked here first to answer at once. */
const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp']
const LOGO_MAX_BYTES = 1024 * 1024

/** What a refused file is told before it is sent; the server has the last word. */
export function logoFileProblem(file: { type: string; size: number }): string | null {
  if (!LOGO_TYPES.includes(file.type)) return 'Choose a PNG, JPEG or WebP image (not SVG).'
  if (file.size > LOGO_MAX_BYTES) return 'Choose an image of at most 1 MB.'
  return null
}

/**
 * The logo on the Appearance page. It is saved as soon as a file is chosen (a file is not a
 * value to review before "Save changes"), shown as a preview, and can be removed. The file
 * input is the browser's own, with its label: keyboard and screen readers know it.
 */
export function LogoField({ initial }: { initial: Logo | null }) {
  const toast = useToast()
  const inputId = useId()
  const errorId = useId()
  const input = useRef<HTMLInputElement>(null)
  const [logo, setLogo] = useState(initial)
  const [busy, setBusy] = useState<'uploading' | 'removing' | null>(null)
  const [error, setError] = useState<string | null>(null)

  async function run(kind: 'uploading' | 'removing', work: () => Promise<void>) {
    setBusy(kind)
    setError(null)
    try {
      await work()
    } catch (failure) {
      setError(
        failure instanceof ApiError
          ? (failure.problem.detail ?? failure.message)
          : 'Something went wrong. Try again.',
      )
    } finally {
      setBusy(null)
      if (input.current) input.current.value = ''
    }
  }

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0]
    if (!file) return
    const problem = logoFileProblem(file)
    if (problem) {
      setError(problem)
      event.target.value = ''
      return
    }
    void run('uploading', async () => {
      setLogo(await uploadLogo(file))
      toast.success('Your booking pages show the new logo.', 'Logo saved')
    })
  }

  function remove() {
    void run('removing', async () => {
      await deleteLogo()
      setLogo(null)
      toast.success('Your booking pages show your name without a logo.', 'Logo removed')
    })
  }

  return (
    <section
      className="p-form-section"
      aria-labelledby={`${inputId}-title`}
      aria-busy={busy !== null}
    >
      <h2 id={`${inputId}-title`} className="p-form-section__title">
        Logo
      </h2>
      <div className="p-logo-field">
        <div className="p-logo-field__preview">
          {logo ? (
            <img src={logo.url} alt="Your logo" width={logo.width} height={logo.height} />
          ) : (
            <span className="p-logo-field__empty">No logo</span>
          )}
        </div>
        <div className="p-field">
          <label className="p-field__label" htmlFor={inputId}>
            {logo ? 'Replace the logo' : 'Upload a logo'}
          </label>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={LOGO_TYPES.join(',')}
            onChange={choose}
            disabled={busy !== null}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${inputId}-help${error ? ` ${errorId}` : ''}`}
          />
          <p id={`${inputId}-help`} className="p-field__description">
            Shown at the top of your booking pages. PNG, JPEG or WebP, up to 1 MB and 2048 × 2048
            pixels.
          </p>
          {error ? (
            <p id={errorId} className="p-field__error" role="alert">
              {error}
            </p>
          ) : null}
          <p className="p-visually-hidden" role="status">
            {busy === 'uploading' ? 'Uploading the logo…' : busy === 'removing' ? 'Removing…' : ''}
          </p>
          {logo ? (
            <div>
              <Button
                className="p-button p-button--small"
                onPress={remove}
                isDisabled={busy !== null}
              >
                {busy === 'removing' ? 'Removing…' : 'Remove logo'}
              </Button>
            </div>
          ) : null}
        </div>
      </div>
    </section>
  )
}
