/**
 * The lender's continuation sheet (PRODUCT.md §15, §18a), in the AIA G703 layout: a row per step
 * with a contract, from the Money the Budget shows. Through day T, column D is what was paid
 * before the first day of T's month and E what was paid from then through T; nothing is stored
 * on site (F) or retained (I) in PoolPath.
 */
import type { Money } from '../../../contract/money'
import { csvDollars, csvOf } from './csv'
import { pdfWriter, printedDollars } from './pdf-writer'

export type ScheduleLine = {
  item: string
  description: string
  scheduled: number
  previous: number
  thisPeriod: number
  stored: number
  completed: number
  /** G ÷ C as a percentage with two decimals. */
  percent: string
  balance: number
  retainage: number
}

export type Schedule = { through: string; lines: ScheduleLine[]; totals: ScheduleLine }

const percentOf = (completed: number, scheduled: number) =>
  scheduled > 0 ? ((completed / scheduled) * 100).toFixed(2) : '0.00'

function lineOf(
  item: string,
  description: string,
  sums: Omit<ScheduleLine, 'item' | 'description' | 'percent'>,
) {
  return { item, description, ...sums, percent: percentOf(sums.completed, sums.scheduled) }
}

export function scheduleOf(money: Money, through: string): Schedule {
  const periodStart = `${through.slice(0, 7)}-01`
  const lines = money.steps
    .filter((step) => step.contract)
    .map((step, index) => {
      const payments = step.draws.flatMap((draw) => draw.payments)
      const sum = (keep: (paidOn: string) => boolean) =>
        payments.filter((p) => keep(p.paidOn)).reduce((total, p) => total + p.amount, 0)
      const previous = sum((paidOn) => paidOn < periodStart)
      const thisPeriod = sum((paidOn) => paidOn >= periodStart && paidOn <= through)
      const completed = previous + thisPeriod
      return lineOf(String(index + 1), step.title, {
        scheduled: step.committed,
        previous,
        thisPeriod,
        stored: 0,
        completed,
        balance: step.committed - completed,
        retainage: 0,
      })
    })
  const total = (key: 'scheduled' | 'previous' | 'thisPeriod' | 'completed' | 'balance') =>
    lines.reduce((sum, line) => sum + line[key], 0)
  const totals = lineOf('', 'Totals', {
    scheduled: total('scheduled'),
    previous: total('previous'),
    thisPeriod: total('thisPeriod'),
    stored: 0,
    completed: total('completed'),
    balance: total('balance'),
    retainage: 0,
  })
  return { through, lines, totals }
}

export const SCHEDULE_FIELDS = [
  'A Item No.',
  'B Description of Work',
  'C Scheduled Value',
  'D From Previous Application',
  'E This Period',
  'F Materials Presently Stored',
  'G Total Completed and Stored to Date',
  'G ÷ C (%)',
  'H Balance to Finish',
  'I Retainage',
] as const

const cellsOf = (line: ScheduleLine, money: (cents: number) => string) => [
  line.item,
  line.description,
  money(line.scheduled),
  money(line.previous),
  money(line.thisPeriod),
  money(line.stored),
  money(line.completed),
  line.percent,
  money(line.balance),
  money(line.retainage),
]

export const scheduleCsv = (schedule: Schedule) =>
  csvOf(
    SCHEDULE_FIELDS,
    [...schedule.lines, schedule.totals].map((line) => cellsOf(line, csvDollars)),
  )

/** The project the sheet is for, as its heading names it. */
export type ScheduleProject = { owner: string; address: string }

/** Where each column sits on a landscape Letter page, and which are right-aligned figures. */
const COLUMNS: { x: number; align?: 'right'; head: [string, string] }[] = [
  { x: 54, head: ['A', 'Item No.'] },
  { x: 92, head: ['B', 'Description of Work'] },
  { x: 300, align: 'right', head: ['C', 'Scheduled Value'] },
  { x: 368, align: 'right', head: ['D', 'From Previous'] },
  { x: 432, align: 'right', head: ['E', 'This Period'] },
  { x: 488, align: 'right', head: ['F', 'Stored'] },
  { x: 562, align: 'right', head: ['G', 'Completed to Date'] },
  { x: 608, align: 'right', head: ['', 'G ÷ C (%)'] },
  { x: 676, align: 'right', head: ['H', 'Balance to Finish'] },
  { x: 738, align: 'right', head: ['I', 'Retainage'] },
]

const HEAD = { bold: true, size: 8 }
const CELL = { size: 8 }

export async function schedulePdf(schedule: Schedule, project: ScheduleProject) {
  const pdf = await pdfWriter([792, 612])
  pdf.paragraph('CONTINUATION SHEET', { bold: true, size: 14 })
  pdf.paragraph('Schedule of values in the layout of AIA Document G703', { size: 9 })
  pdf.gap(6)
  pdf.paragraph(`Owner: ${project.owner}`, { size: 9 })
  pdf.paragraph(`Project: ${project.address}`, { size: 9 })
  pdf.paragraph(`Period to: ${schedule.through}`, { size: 9 })
  pdf.gap(8)
  for (const index of [0, 1] as const)
    pdf.row(
      COLUMNS.map((column) => ({ ...column, text: column.head[index] })),
      HEAD,
    )
  pdf.rule()
  const row = (line: ScheduleLine, style: typeof CELL) => {
    const cells = cellsOf(line, printedDollars)
    pdf.row(
      COLUMNS.map((column, index) => ({ ...column, text: cells[index] ?? '' })),
      style,
    )
  }
  for (const line of schedule.lines) row(line, CELL)
  pdf.rule()
  row(schedule.totals, HEAD)
  return pdf.save()
}
