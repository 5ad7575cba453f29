/** Hands a Blob to the browser as a download (a temporary object URL on a clicked link). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.style.display = 'none'
  document.body.append(link)
  link.click()
  link.remove()
  // Revoked later, not at once: some browsers read the URL only after the click has returned.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
