/**
 * The pool passport as one PDF (PRODUCT.md §17): the owner's name and address and the pool's
 * drawing on the first page, then the pool as built and the record of its build, flowing onto
 * as many pages as it takes.
 */
import type { PDFPage } from 'pdf-lib'
import { rgb } from 'pdf-lib'
import { formatMoney } from '../../../contract/money-format'
import { STARTUP_READING_KEYS, type Passport } from '../../../contract/passport'
import { curvedPath } from '../../../contract/pool-outline'
import type { InspectionStatus } from '../../../contract/timeline'
import { EQUIPMENT_FIELDS, equipmentRows } from './passport-csv'
import { pdfWriter, type Box, type Style } from './pdf-writer'

/** Whose pool it is: the first page names the owner and where the pool is. */
export type PassportOwner = { name: string; address: string; city: string; state: string }

const TITLE: Style = { bold: true, size: 20 }
const HEADING: Style = { bold: true, size: 13 }
const SUBHEADING: Style = { bold: true, size: 10 }
const TEXT: Style = { size: 10 }
const SMALL: Style = { size: 8.5 }
const SMALL_BOLD: Style = { bold: true, size: 8.5 }

const whole = (n: number) => n.toLocaleString('en-US')
const feet = (n: number) => `${whole(n)} ft`
const SHAPE_NAMES = { rectangle: 'Rectangle', oval: 'Oval', kidney: 'Kidney', freeform: 'Freeform' }
const STATUS_NAMES: Record<InspectionStatus, string> = {
  waiting: 'Waiting',
  ready: 'Ready to schedule',
  scheduled: 'Scheduled',
  passed: 'Passed',
  failed: 'Failed',
}

const WATER = rgb(0.82, 0.91, 0.98)
const EDGE = rgb(0.1, 0.35, 0.6)

/** The pool's outline, as large as fits above its dimensions, its length below and width beside. */
function drawPool(
  page: PDFPage,
  area: Box,
  text: (text: string, x: number, y: number, style: Style) => void,
  asBuilt: Passport['asBuilt'],
) {
  const { shape, lengthFt, widthFt } = asBuilt
  if (!shape || !lengthFt || !widthFt) return
  const room = { width: area.width - 80, height: area.height - 30 }
  const scale = Math.min(room.width / lengthFt, room.height / widthFt)
  const box = {
    x: area.x + (area.width - lengthFt * scale) / 2,
    y: area.y + 24,
    width: lengthFt * scale,
    height: widthFt * scale,
  }
  const style = { color: WATER, borderColor: EDGE, borderWidth: 1.5 }
  if (shape === 'rectangle') page.drawRectangle({ ...box, ...style })
  else if (shape === 'oval')
    page.drawEllipse({
      x: box.x + box.width / 2,
      y: box.y + box.height / 2,
      xScale: box.width / 2,
      yScale: box.height / 2,
      ...style,
    })
  // An SVG path's y points down from the point given: its top left corner.
  else
    page.drawSvgPath(curvedPath(shape, { x: 0, y: 0, width: box.width, height: box.height }), {
      x: box.x,
      y: box.y + box.height,
      ...style,
    })
  const dimension = { thickness: 0.75, color: rgb(0, 0, 0) }
  page.drawLine({
    start: { x: box.x, y: box.y - 8 },
    end: { x: box.x + box.width, y: box.y - 8 },
    ...dimension,
  })
  page.drawLine({
    start: { x: box.x + box.width + 8, y: box.y },
    end: { x: box.x + box.width + 8, y: box.y + box.height },
    ...dimension,
  })
  text(feet(lengthFt), box.x + box.width / 2 - 12, box.y - 20, TEXT)
  text(feet(widthFt), box.x + box.width + 14, box.y + box.height / 2 - 4, TEXT)
}

export async function passportPdf(passport: Passport, owner: PassportOwner) {
  const pdf = await pdfWriter()
  const { asBuilt } = passport
  const titleOf = (step: string) => passport.steps.find((s) => s.step === step)?.title ?? step
  const heading = (text: string) => {
    pdf.gap(14)
    pdf.paragraph(text, HEADING)
    pdf.rule()
  }
  const none = (text: string) => pdf.paragraph(text, TEXT)
  /** `text`, cut short with "…" where it would run into the next column. */
  const fit = (text: string, room: number, style: Style) => {
    if (pdf.widthOf(text, style) <= room) return text
    let cut = text
    while (cut && pdf.widthOf(`${cut}…`, style) > room) cut = cut.slice(0, -1)
    return `${cut}…`
  }
  const table = (columns: number[], head: string[], rows: string[][]) => {
    const line = (cells: string[], style: Style) =>
      pdf.row(
        cells.map((text, index) => {
          const x = columns[index] ?? pdf.left
          return { text: fit(text, (columns[index + 1] ?? pdf.right + 6) - x - 6, style), x }
        }),
        style,
      )
    line(head, SMALL_BOLD)
    for (const row of rows) line(row, SMALL)
  }

  pdf.paragraph('Pool passport', TITLE)
  pdf.gap(6)
  pdf.paragraph(`Owner: ${owner.name}`, { bold: true, size: 12 })
  pdf.paragraph(`${owner.address}, ${owner.city}, ${owner.state}`, { size: 12 })
  if (asBuilt.shape) {
    pdf.gap(10)
    pdf.figure(260, (page, box, text) => drawPool(page, box, text, asBuilt))
  }

  heading('As built')
  if (!asBuilt.shape) none('No pool design saved yet.')
  const { lengthFt, widthFt, areaSqFt, surfaceSqFt, gallons, measuredGallons } = asBuilt
  const figures: [string, string | null][] = [
    ['Shape', asBuilt.shape && SHAPE_NAMES[asBuilt.shape]],
    ['Dimensions', lengthFt && widthFt ? `${feet(lengthFt)} × ${feet(widthFt)}` : null],
    ['Area', areaSqFt ? `${whole(areaSqFt)} ft²` : null],
    ['Surface', surfaceSqFt ? `${whole(surfaceSqFt)} ft²` : null],
    ['Volume (design)', gallons ? `${whole(gallons)} gallons` : null],
    ['Measured volume', measuredGallons ? `${whole(measuredGallons)} gallons` : null],
  ]
  for (const [label, value] of figures)
    if (value)
      pdf.row(
        [
          { text: label, x: pdf.left },
          { text: value, x: 200 },
        ],
        TEXT,
      )

  heading('Equipment')
  if (passport.equipment.length === 0) none('No equipment recorded.')
  else table([54, 110, 200, 310, 400, 470], EQUIPMENT_FIELDS, equipmentRows(passport))

  heading('Start-up log')
  const logged = passport.startupLog.filter(
    (day) => day.brushed || day.note || STARTUP_READING_KEYS.some((key) => day[key] !== null),
  )
  if (logged.length === 0) none('No start-up readings recorded.')
  else
    table(
      [54, 84, 148, 186, 240, 294, 342, 384, 430],
      ['Day', 'Date', 'pH', 'Free Cl', 'Alkalinity', 'Calcium', 'CYA', 'Brushed', 'Note'],
      logged.map((day) => [
        String(day.day),
        day.date ?? '',
        ...STARTUP_READING_KEYS.map((key) => (day[key] === null ? '' : String(day[key]))),
        day.brushed ? 'Yes' : '',
        day.note,
      ]),
    )

  heading('Inspections')
  for (const inspection of passport.inspections) {
    const when = inspection.date ? `, ${inspection.date}` : ''
    pdf.paragraph(`${inspection.title}: ${STATUS_NAMES[inspection.status]}${when}`, SUBHEADING)
    for (const event of inspection.history) {
      const notes = event.notes ? ` — ${event.notes}` : ''
      pdf.paragraph(`${event.date} ${STATUS_NAMES[event.status]}${notes}`, TEXT, 12)
      for (const item of event.checklist ?? [])
        pdf.paragraph(`${item.checked ? '[x]' : '[ ]'} ${item.text}`, SMALL, 24)
    }
  }

  heading('Trades')
  if (passport.trades.length === 0) none('No trades recorded.')
  for (const trade of passport.trades) {
    const { number, classification, checkedOn } = trade.licence
    const licence = number
      ? `Licence ${number}${classification ? ` (${classification})` : ''}${checkedOn ? `, checked on ${checkedOn}` : ''}`
      : 'No licence on record'
    const insurance = trade.insurance.expiresOn
      ? `insurance expires on ${trade.insurance.expiresOn}`
      : 'no insurance on record'
    pdf.paragraph(trade.company, SUBHEADING)
    pdf.paragraph(`${licence}; ${insurance}`, TEXT, 12)
  }

  heading('Contracts, change orders and payments')
  const recorded = passport.steps.filter(
    (s) => s.contract || s.changeOrders.length > 0 || s.payments.length > 0 || s.waivers.length > 0,
  )
  if (recorded.length === 0) none('No contracts recorded.')
  for (const step of recorded) {
    pdf.paragraph(step.title, SUBHEADING)
    if (step.contract)
      pdf.paragraph(
        `Contract: ${step.contract.vendor}, ${formatMoney(step.contract.amount)}`,
        TEXT,
        12,
      )
    for (const order of step.changeOrders)
      pdf.paragraph(
        `Change order (${order.status}): ${order.description}, ${formatMoney(order.amount)}`,
        TEXT,
        12,
      )
    for (const payment of step.payments) {
      const reference = payment.reference ? `, reference ${payment.reference}` : ''
      pdf.paragraph(
        `Paid ${formatMoney(payment.amount)} on ${payment.paidOn} by ${payment.method}${reference}`,
        TEXT,
        12,
      )
    }
    const draws = [...new Set(step.waivers.map((w) => w.drawId))]
    draws.forEach((drawId, index) => {
      const kinds = step.waivers.filter((w) => w.drawId === drawId).map((w) => w.kind)
      pdf.paragraph(`Draw ${index + 1} lien waivers: ${kinds.join(', ')}`, TEXT, 12)
    })
  }

  heading('Warranties')
  if (passport.warranties.length === 0) none('No warranties recorded.')
  for (const warranty of passport.warranties) {
    const expiry = warranty.expiresOn ? `expires on ${warranty.expiresOn}` : 'expiry not yet known'
    pdf.paragraph(
      `${titleOf(warranty.step)}: ${warranty.provider}, ${warranty.termMonths} months, ${expiry}`,
      TEXT,
    )
  }

  heading('Cost basis')
  for (const line of passport.costBasis.steps)
    pdf.row(
      [
        { text: titleOf(line.step), x: pdf.left },
        { text: formatMoney(line.paid), x: pdf.right, align: 'right' },
      ],
      TEXT,
    )
  pdf.row(
    [
      { text: 'Total paid', x: pdf.left },
      { text: formatMoney(passport.costBasis.total), x: pdf.right, align: 'right' },
    ],
    SUBHEADING,
  )
  return pdf.save()
}
