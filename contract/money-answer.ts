/**
 * The Money answer (PRODUCT.md §10), pure: what is stored of a client's money, read through the
 * rules of money-rules.ts and money-timing.ts. The server answers with it; the test fakes too.
 */
import { budgetTotals, projectBudget, type ProjectData, type StepBudget } from './budget'
import { StepSlug } from './construction'
import type {
  ChangeOrder,
  DrawDue,
  DrawPaymentRequest,
  Money,
  MoneyStep,
  Payment,
  StepWarning,
} from './money'
import { committedOf, quoteBasis, quoteCheck } from './money-rules'
import { cashflow, dueOn, inspectionAfter, stepWarnings } from './money-timing'
import { isLicensedStep } from './trades'
import type { Timeline } from './timeline'

/** Everything stored of one client's money, each list in the order it is shown. */
export type MoneyRows = {
  contracts: readonly {
    id: string
    step: string
    quoteId: string
    vendor: string
    amount: number
    signedOn: string
    /** The trade its quote names, or null. */
    tradeId: string | null
  }[]
  draws: readonly {
    id: string
    contractId: string
    label: string
    amount: number
    due: DrawDue
    lienWaiverFileId: string | null
  }[]
  payments: readonly (Payment & { drawId: string })[]
  /** The trades' payment requests, oldest first. */
  paymentRequests: readonly (Omit<DrawPaymentRequest, 'requestedAt'> & {
    drawId: string
    requestedAt: Date
  })[]
  changeOrders: readonly {
    id: string
    contractId: string
    description: string
    amount: number
    status: ChangeOrder['status']
    createdAt: Date
  }[]
}

export type MoneyFacts = { project: ProjectData; timeline: Timeline; today: string }

const sum = (amounts: readonly { amount: number }[]) =>
  amounts.reduce((total, a) => total + a.amount, 0)

/** A licensed step's contract whose quote names no trade: no licence or insurance to check. */
const NO_TRADE: StepWarning = {
  code: 'NO_TRADE',
  message: 'Record who does this work to check their licence and insurance',
}

const paymentOf = (row: MoneyRows['payments'][number]): Payment => ({
  id: row.id,
  paidOn: row.paidOn,
  amount: row.amount,
  method: row.method,
  reference: row.reference,
})

function stepMoney(budget: StepBudget, rows: MoneyRows, facts: MoneyFacts): MoneyStep {
  const step = StepSlug.parse(budget.route)
  const base = { step, title: budget.title, estimate: budget.estimate }
  const contract = rows.contracts.find((c) => c.step === step)
  if (!contract)
    return {
      ...base,
      contract: null,
      changeOrders: [],
      committed: 0,
      paid: 0,
      draws: [],
      warnings: [],
    }
  const changeOrders = rows.changeOrders
    .filter((c) => c.contractId === contract.id)
    .map((c) => ({
      id: c.id,
      description: c.description,
      amount: c.amount,
      status: c.status,
      createdAt: c.createdAt.toISOString(),
    }))
  const timelineStep = facts.timeline.steps.find((s) => s.step === step) ?? null
  const inspectionSlug = inspectionAfter(step)
  const inspection = facts.timeline.inspections.find((i) => i.slug === inspectionSlug) ?? null
  const progress = { signedOn: contract.signedOn, timeline: timelineStep, inspection }
  const stepDraws = rows.draws
    .filter((d) => d.contractId === contract.id)
    .map((d) => {
      const drawPayments = rows.payments.filter((p) => p.drawId === d.id).map(paymentOf)
      return {
        id: d.id,
        label: d.label,
        amount: d.amount,
        due: d.due,
        dueOn: dueOn(d.due, progress),
        paid: sum(drawPayments),
        payments: drawPayments,
        lienWaiverFileId: d.lienWaiverFileId,
        requests: rows.paymentRequests
          .filter((r) => r.drawId === d.id)
          .map((r) => ({
            id: r.id,
            amount: r.amount,
            invoiceFileId: r.invoiceFileId,
            conditionalWaiverFileId: r.conditionalWaiverFileId,
            requestedAt: r.requestedAt.toISOString(),
            status: r.status,
          })),
      }
    })
  const committed = committedOf(contract.amount, changeOrders)
  const basis = quoteBasis(step, facts.project, budget.estimate)
  const warnings = stepWarnings({
    title: budget.title,
    estimate: budget.estimate,
    committed,
    band: basis && quoteCheck(contract.amount, basis).band,
    today: facts.today,
    started: timelineStep?.startedOn != null,
    done: budget.done || timelineStep?.doneOn != null,
    inspectionPassed: inspectionSlug === null ? null : inspection?.status === 'passed',
    draws: stepDraws,
  })
  if (isLicensedStep(step) && contract.tradeId === null) warnings.push(NO_TRADE)
  return {
    ...base,
    contract: { quoteId: contract.quoteId, vendor: contract.vendor, amount: contract.amount },
    changeOrders,
    committed,
    paid: sum(stepDraws.map((d) => ({ amount: d.paid }))),
    draws: stepDraws,
    warnings,
  }
}

/** The Money of PRODUCT.md §10, from what is stored and the pure rules of the contract. */
export function moneyOf(rows: MoneyRows, facts: MoneyFacts): Money {
  const budget = projectBudget(facts.project)
  const steps = budget.map((b) => stepMoney(b, rows, facts))
  const committed = steps.reduce((total, s) => total + s.committed, 0)
  const paid = steps.reduce((total, s) => total + s.paid, 0)
  return {
    totals: {
      estimate: budgetTotals(budget).estimate,
      committed,
      paid,
      remaining: committed - paid,
    },
    steps,
    warnings: steps.flatMap((s) => s.warnings.map((w) => ({ ...w, step: s.step }))),
    cashflow: cashflow(steps.flatMap((s) => s.draws)),
  }
}
