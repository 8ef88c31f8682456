/** Hands `file` to the browser as a download named `filename`. */
export function saveFile(filename: string, file: Blob) {
  const url = URL.createObjectURL(file)
  const link = document.createElement('a')
  link.href = url
  link.download = filename
  document.body.append(link)
  link.click()
  link.remove()
  // The click has started the download; the URL only held the file until then.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
