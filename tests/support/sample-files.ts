import crypto from 'node:crypto'
import sharp from 'sharp'

/**
 * Files as people upload them, made on the spot: free of vitest, so `npm run screenshots` makes
 * them too.
 */

/** The bytes of a PDF of these objects, numbered from 1, the first its catalog. */
function pdfOf(objects: readonly string[]): Buffer {
  let body = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((object, i) => {
    offsets.push(body.length)
    body += `${i + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = body.length
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(body, 'latin1')
}

const CATALOG = '<< /Type /Catalog /Pages 2 0 R >>'
const PAGES = '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'

/** A small valid PDF: one empty page. */
export const pdf = () =>
  pdfOf([CATALOG, PAGES, '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>'])

/** A valid PDF of about `size` bytes: one page whose content is incompressible filler (a comment). */
export function paddedPdf(size: number): Buffer {
  const filler = crypto.randomBytes(size).toString('base64').slice(0, size)
  return pdfOf([
    CATALOG,
    PAGES,
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
    `<< /Length ${filler.length + 2} >>\nstream\n% ${filler}\nendstream`,
  ])
}

/**
 * A photo of a build site: sky, dirt and a grid of rebar in `tint`, `width` × `height`, as a
 * JPEG (a camera's) or a PNG (a screenshot's). Drawn, so the screenshots show a picture rather
 * than a flat colour.
 */
export function sitePhoto(
  tint: string,
  format: 'jpeg' | 'png' = 'jpeg',
  width = 1200,
  height = 900,
) {
  const bars = (count: number, horizontal: boolean) =>
    Array.from({ length: count }, (_, i) => {
      const at = ((i + 1) * (horizontal ? height * 0.6 : width)) / (count + 1)
      return horizontal
        ? `<line x1="0" y1="${height * 0.4 + at}" x2="${width}" y2="${height * 0.4 + at}"/>`
        : `<line x1="${at}" y1="${height * 0.4}" x2="${at}" y2="${height}"/>`
    }).join('')
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#9cc9f0"/><stop offset="1" stop-color="#e7f1fb"/>
    </linearGradient></defs>
    <rect width="${width}" height="${height * 0.4}" fill="url(#sky)"/>
    <rect y="${height * 0.4}" width="${width}" height="${height * 0.6}" fill="#b08a62"/>
    <g stroke="${tint}" stroke-width="${Math.max(4, width / 150)}">${bars(9, false)}${bars(6, true)}</g>
  </svg>`
  const image = sharp(Buffer.from(svg))
  return (format === 'jpeg' ? image.jpeg({ quality: 82 }) : image.png()).toBuffer()
}
