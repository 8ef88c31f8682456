import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'

/** pdf.js's metrics of the 14 standard fonts, which the PDFs PoolPath makes use. */
const standardFontDataUrl = `${dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/standard_fonts/`

/** A run of text as a PDF reader finds it: its string and the size of its type. */
export type PdfText = { str: string; size: number }

/** Every run of text of every page, in reading order, read back with pdf.js. */
export async function pdfText(bytes: Uint8Array): Promise<PdfText[]> {
  const pdf = await getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    standardFontDataUrl,
  }).promise
  const runs: PdfText[] = []
  for (let number = 1; number <= pdf.numPages; number++) {
    const content = await (await pdf.getPage(number)).getTextContent()
    for (const item of content.items)
      if ('str' in item && item.str.trim())
        runs.push({ str: item.str, size: Math.hypot(item.transform[0], item.transform[1]) })
  }
  await pdf.destroy()
  return runs
}

/** The runs as one text, spaces collapsed: what a reader sees, lines joined. */
export const joined = (runs: readonly PdfText[]) =>
  runs
    .map((run) => run.str)
    .join(' ')
    .replace(/\s+/g, ' ')
