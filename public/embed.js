/*
 * Slotwise booking embed. Put the booking page on any website:
 *
 *   inline: <div data-slotwise-booking data-business="your-slug"></div>
 *   popup:  <button type="button" data-slotwise-booking-popup data-business="your-slug">Book now</button>
 *   then:   <script src="https://<your Slotwise address>/embed.js" async></script>
 *
 * The frame grows with its content. When a customer books, the element (and so the document
 * and window, the event bubbles) receives a `slotwise:booked` CustomEvent whose detail is
 * { appointmentId }. Only messages from the Slotwise origin this file came from are heard.
 * One global (window.Slotwise); styles only on our own class names; safe to include twice.
 */
;(() => {
  const script = document.currentScript
  window.Slotwise = window.Slotwise || {}
  const namespace = window.Slotwise
  if (namespace.embed) {
    // Included again: the first copy does the work; look for elements added since.
    namespace.embed.scan()
    return
  }
  if (!script?.src) return
  const origin = new URL(script.src).origin
  const PREFIX = 'slotwise-embed'
  const frames = [] // { iframe, owner, booked: {}, popup: boolean }

  function addStyles() {
    if (document.getElementById(`${PREFIX}-style`)) return
    const style = document.createElement('style')
    style.id = `${PREFIX}-style`
    style.textContent = [
      `.${PREFIX}-frame{display:block;width:100%;min-width:0;height:480px;border:0;background:transparent;color-scheme:normal}`,
      `dialog.${PREFIX}-dialog{box-sizing:border-box;width:min(40rem,100vw);max-width:100vw;max-height:100vh;max-height:100dvh;margin:auto;padding:0;border:0;border-radius:12px;background:#fff;color:#111;overflow:auto;box-shadow:0 10px 40px rgba(0,0,0,.3)}`,
      `dialog.${PREFIX}-dialog::backdrop{background:rgba(0,0,0,.5)}`,
      `.${PREFIX}-bar{position:sticky;top:0;z-index:1;display:flex;justify-content:flex-end;padding:4px;background:inherit}`,
      `.${PREFIX}-close{box-sizing:border-box;min-width:44px;min-height:44px;margin:0;padding:0 12px;border:1px solid #767676;border-radius:8px;background:#fff;color:#111;font:600 16px/1 system-ui,sans-serif;cursor:pointer}`,
      `.${PREFIX}-close:focus-visible{outline:3px solid #1a56db;outline-offset:2px}`,
      `.${PREFIX}-guard{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}`,
      `@media (max-width:40rem){dialog.${PREFIX}-dialog{width:100vw;height:100vh;height:100dvh;border-radius:0}}`,
    ].join('\n')
    ;(document.head || document.documentElement).appendChild(style)
  }

  /** The embed page's address for an element: its business and, optionally, a deeper step. */
  function frameUrl(element) {
    let path = element.getAttribute('data-path') || '/booking'
    if (path.charAt(0) !== '/' || path.indexOf('/booking') !== 0) path = '/booking'
    const url = new URL(`/embed${path}`, origin)
    const business = element.getAttribute('data-business')
    if (business) url.searchParams.set('business', business)
    return url.toString()
  }

  function createFrame(element, popup) {
    const iframe = document.createElement('iframe')
    iframe.className = `${PREFIX}-frame`
    iframe.src = frameUrl(element)
    iframe.title = element.getAttribute('data-title') || 'Book an appointment'
    iframe.setAttribute('allow', 'clipboard-write')
    frames.push({ iframe: iframe, owner: element, booked: {}, popup: popup })
    return iframe
  }

  function mountInline(element) {
    element.setAttribute('data-slotwise-ready', '')
    element.appendChild(createFrame(element, false))
  }

  function mountPopup(button) {
    button.setAttribute('data-slotwise-ready', '')
    button.setAttribute('aria-haspopup', 'dialog')
    let dialog = null
    let returnFocus = null

    function close() {
      if (!dialog?.open) return
      dialog.close()
    }

    function open() {
      if (!dialog) {
        dialog = document.createElement('dialog')
        dialog.className = `${PREFIX}-dialog`
        dialog.setAttribute('aria-modal', 'true')
        dialog.setAttribute(
          'aria-label',
          button.getAttribute('data-title') || 'Book an appointment',
        )
        const bar = document.createElement('div')
        bar.className = `${PREFIX}-bar`
        const closeButton = document.createElement('button')
        closeButton.type = 'button'
        closeButton.className = `${PREFIX}-close`
        closeButton.textContent = 'Close'
        closeButton.addEventListener('click', close)
        bar.appendChild(closeButton)
        // Kept after closing: reopening shows the visitor where they were.
        const iframe = createFrame(button, true)
        // Focus guards: the browser lets Tab leave a modal dialog for its own toolbar; these
        // send it round instead (past the end → Close, before Close → the booking page).
        const before = guard(() => iframe.focus())
        const after = guard(() => closeButton.focus())
        dialog.appendChild(before)
        dialog.appendChild(bar)
        dialog.appendChild(iframe)
        dialog.appendChild(after)
        // Escape on the dialog itself (the close button has focus) arrives as `cancel`.
        dialog.addEventListener('close', () => {
          if (returnFocus && typeof returnFocus.focus === 'function') returnFocus.focus()
        })
        document.body.appendChild(dialog)
      }
      returnFocus = document.activeElement || button
      // showModal makes the rest of the page inert: focus stays in the dialog, which the
      // browser announces as modal.
      dialog.showModal()
      dialog.querySelector(`.${PREFIX}-close`).focus()
    }

    button.addEventListener('click', (event) => {
      event.preventDefault()
      open()
    })
    namespace.embed.popups.push({ button: button, close: close })
  }

  function guard(onFocus) {
    const element = document.createElement('span')
    element.tabIndex = 0
    element.className = `${PREFIX}-guard`
    element.addEventListener('focus', onFocus)
    return element
  }

  function scan() {
    addStyles()
    const inline = document.querySelectorAll('[data-slotwise-booking]:not([data-slotwise-ready])')
    for (let i = 0; i < inline.length; i++) mountInline(inline[i])
    const popups = document.querySelectorAll(
      '[data-slotwise-booking-popup]:not([data-slotwise-ready])',
    )
    for (let j = 0; j < popups.length; j++) mountPopup(popups[j])
  }

  function frameOf(source) {
    for (let i = 0; i < frames.length; i++) {
      if (frames[i].iframe.contentWindow === source) return frames[i]
    }
    return null
  }

  window.addEventListener('message', (event) => {
    if (event.origin !== origin) return
    const data = event.data
    if (data?.slotwise !== 1 || typeof data.type !== 'string') return
    const frame = frameOf(event.source)
    if (!frame) return
    if (data.type === 'height' && typeof data.height === 'number' && data.height > 0) {
      frame.iframe.style.height = `${Math.ceil(data.height)}px`
    } else if (data.type === 'booked' && typeof data.appointmentId === 'string') {
      // Once per appointment and frame, even if the confirmation is shown again.
      if (frame.booked[data.appointmentId]) return
      frame.booked[data.appointmentId] = true
      frame.owner.dispatchEvent(
        new CustomEvent('slotwise:booked', {
          bubbles: true,
          detail: { appointmentId: data.appointmentId },
        }),
      )
    } else if (data.type === 'escape' && frame.popup) {
      // Escape inside the frame never reaches this page's key listeners; the page tells us.
      const popups = namespace.embed.popups
      for (let i = 0; i < popups.length; i++) {
        if (popups[i].button === frame.owner) popups[i].close()
      }
    }
  })

  namespace.embed = { origin: origin, scan: scan, popups: [] }
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', scan)
  } else {
    scan()
  }
})()
