/**
 * A page-at-a-time writer over pdf-lib for the forms and sheets PoolPath generates: lines of
 * text that wrap at the margin and flow onto a new page at the bottom. pdf-lib's standard fonts
 * encode WinAnsi only, so what a person typed is kept to the characters the font has.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib'

/** US Letter, in points. */
export const LETTER: [number, number] = [612, 792]
const MARGIN = 54

export type Style = { bold?: boolean; size: number }

/** A rectangle on a page, from its lower left corner. */
export type Box = { x: number; y: number; width: number; height: number }

/** An amount of cents in dollars for a printed page: "9,800.00", no currency sign. */
export const printedDollars = (cents: number) =>
  (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

export async function pdfWriter(size: [number, number] = LETTER) {
  const doc = await PDFDocument.create({ updateMetadata: false })
  const regular = await doc.embedFont(StandardFonts.Helvetica)
  const bold = await doc.embedFont(StandardFonts.HelveticaBold)
  const [width, height] = size
  let page: PDFPage = doc.addPage(size)
  let y = height - MARGIN
  const fontOf = (style: Style): PDFFont => (style.bold ? bold : regular)
  const known = new Set(regular.getCharacterSet())

  /** What the font can print of `text`: anything else becomes "?". */
  const printable = (text: string) =>
    [...text.normalize('NFC')].map((c) => (known.has(c.codePointAt(0) ?? 0) ? c : '?')).join('')

  const widthOf = (text: string, style: Style) =>
    fontOf(style).widthOfTextAtSize(printable(text), style.size)

  /** Room for `lines` lines of `style` on this page, else a new page. */
  const makeRoom = (lineHeight: number) => {
    if (y - lineHeight >= MARGIN) return
    page = doc.addPage(size)
    y = height - MARGIN
  }

  /** Splits `text` into lines no wider than `maxWidth`, at spaces. */
  const wrap = (text: string, style: Style, maxWidth = width - 2 * MARGIN) => {
    const lines: string[] = []
    let line = ''
    for (const word of printable(text).split(' ')) {
      const longer = line ? `${line} ${word}` : word
      if (line && widthOf(longer, style) > maxWidth) {
        lines.push(line)
        line = word
      } else line = longer
    }
    return [...lines, line]
  }

  const draw = (text: string, x: number, atY: number, style: Style) =>
    page.drawText(printable(text), { x, y: atY, size: style.size, font: fontOf(style) })

  return {
    left: MARGIN,
    right: width - MARGIN,
    widthOf,
    wrap,
    /** Moves down by `points` (a gap between parts). */
    gap: (points: number) => {
      y -= points
    },
    /** Wrapped lines of `style`, from the left margin or `indent` points in. */
    paragraph(text: string, style: Style, indent = 0) {
      for (const line of wrap(text, style, width - 2 * MARGIN - indent)) {
        const lineHeight = style.size * 1.3
        makeRoom(lineHeight)
        y -= lineHeight
        draw(line, MARGIN + indent, y, style)
      }
    },
    /** One line of cells, each at its x, right-aligned when its `align` says so. */
    row(cells: { text: string; x: number; align?: 'right' }[], style: Style) {
      const lineHeight = style.size * 1.5
      makeRoom(lineHeight)
      y -= lineHeight
      for (const cell of cells) {
        const x = cell.align === 'right' ? cell.x - widthOf(cell.text, style) : cell.x
        draw(cell.text, x, y, style)
      }
    },
    /** A label, what fills it, and the line it is written on out to the right margin. */
    field(label: string, value: string, labelStyle: Style, valueStyle: Style) {
      const lineHeight = labelStyle.size * 2
      makeRoom(lineHeight)
      y -= lineHeight
      draw(label, MARGIN, y, labelStyle)
      const start = MARGIN + widthOf(label, labelStyle) + 6
      if (value) draw(value, start + 2, y, valueStyle)
      page.drawLine({
        start: { x: start, y: y - 3 },
        end: { x: width - MARGIN, y: y - 3 },
        thickness: 0.5,
        color: rgb(0, 0, 0),
      })
    },
    /**
     * A drawing `height` points tall across the text's width (on a new page when it does not
     * fit): `paint` draws into the box given, in page points with y up, and may write text.
     */
    figure(
      height: number,
      paint: (
        page: PDFPage,
        box: Box,
        text: (text: string, x: number, y: number, style: Style) => void,
      ) => void,
    ) {
      makeRoom(height)
      y -= height
      paint(page, { x: MARGIN, y, width: width - 2 * MARGIN, height }, draw)
    },
    /** A horizontal rule across the text's width. */
    rule() {
      page.drawLine({
        start: { x: MARGIN, y: y - 4 },
        end: { x: width - MARGIN, y: y - 4 },
        thickness: 0.75,
        color: rgb(0, 0, 0),
      })
      y -= 6
    },
    save: () => doc.save(),
  }
}
