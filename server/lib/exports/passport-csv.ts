/**
 * The passport ZIP's four lists as CSV (RFC 4180, through csvOf): the equipment, the start-up
 * log, every payment with its reference, and the trades with their licence and insurance.
 */
import {
  EQUIPMENT_KIND_LABELS,
  STARTUP_READING_KEYS,
  STARTUP_READINGS,
  type Passport,
} from '../../../contract/passport'
import { csvDollars, csvOf } from './csv'

export const EQUIPMENT_FIELDS = ['Kind', 'Make', 'Model', 'Serial', 'Installed on', 'Warranty']

/** A row per piece of equipment, its warranty by provider: the CSV's and the PDF's table. */
export function equipmentRows(passport: Passport) {
  const providers = new Map(passport.warranties.map((w) => [w.id, w.provider]))
  return passport.equipment.map((e) => [
    EQUIPMENT_KIND_LABELS[e.kind],
    e.make,
    e.model,
    e.serial,
    e.installedOn ?? '',
    (e.warrantyId && providers.get(e.warrantyId)) ?? '',
  ])
}

export const equipmentCsv = (passport: Passport) => csvOf(EQUIPMENT_FIELDS, equipmentRows(passport))

export const startupLogCsv = (passport: Passport) =>
  csvOf(
    [
      'Day',
      'Date',
      ...STARTUP_READING_KEYS.map((key) => STARTUP_READINGS[key].label),
      'Brushed',
      'Note',
    ],
    passport.startupLog.map((day) => [
      day.day,
      day.date ?? '',
      ...STARTUP_READING_KEYS.map((key) => day[key] ?? ''),
      day.brushed ? 'yes' : 'no',
      day.note,
    ]),
  )

export const paymentsCsv = (passport: Passport) =>
  csvOf(
    ['Step', 'Vendor', 'Paid on', 'Amount', 'Method', 'Reference'],
    passport.steps.flatMap((step) =>
      step.payments.map((payment) => [
        step.title,
        step.contract?.vendor ?? '',
        payment.paidOn,
        csvDollars(payment.amount),
        payment.method,
        payment.reference,
      ]),
    ),
  )

export const tradesCsv = (passport: Passport) =>
  csvOf(
    ['Company', 'Licence number', 'Licence class', 'Licence checked on', 'Insurance expires on'],
    passport.trades.map((trade) => [
      trade.company,
      trade.licence.number ?? '',
      trade.licence.classification ?? '',
      trade.licence.checkedOn ?? '',
      trade.insurance.expiresOn ?? '',
    ]),
  )
