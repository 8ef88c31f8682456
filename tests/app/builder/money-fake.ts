import { vi } from 'vitest'
import {
  DEFAULT_SCHEDULE,
  STEPS,
  type ChangeOrder,
  type Draw,
  type Money,
  type StepSlug,
} from '../../../contract'
import { entryOf, type ProjectData } from '../../../contract/budget'
import { moneyOf, type MoneyRows } from '../../../contract/money-answer'
import {
  committedOf,
  defaultDraws,
  requestsPaidBy,
  drawsShortBy,
  drawsSumMessage,
} from '../../../contract/money-rules'
import { timeline, type ProjectFacts } from '../../../contract/scheduling'
import type { ClientCall, ClientCallResult } from '../../../machines/client/client.machine'
import { apiProblem } from '../auth/harness'
import { FAKE_TODAY } from './timeline-fake'

/** A draw as the server stores it: when it falls due and what is paid are computed. */
type StoredDraw = Omit<Draw, 'dueOn' | 'paid'>

type Contract = {
  quoteId: string
  tradeId: string | null
  vendor: string
  amount: number
  draws: StoredDraw[]
  changeOrders: ChangeOrder[]
}

export type FakePaymentRequest = {
  step: StepSlug
  position: number
  amount: number
  invoiceFileId: string
  conditionalWaiverFileId: string
}

const NO_FACTS: ProjectFacts = { startDate: null, baseline: null, steps: {}, inspections: {} }

const NOW = `${FAKE_TODAY}T12:00:00.000Z`

/**
 * A fake of the money calls behind the network edge, computed with the contract's rules as the
 * server does: a contract per accepted quote with the default draws, draws that must add up to
 * the committed cost, payments never above what a draw owes, change orders decided once.
 * `project` reads the client fake's entries, so an accepted quote becomes a contract.
 */
export function createFakeMoneyApi(project: () => ProjectData) {
  const contracts = new Map<StepSlug, Contract>()
  let ids = 0
  const id = () => `00000000-0000-4000-9000-${String(++ids).padStart(12, '0')}`
  const newDraws = (amount: number): StoredDraw[] =>
    defaultDraws(amount).map((draw) => ({
      ...draw,
      id: id(),
      payments: [],
      lienWaiverFileId: null,
      requests: [],
    }))

  /** The contracts follow the accepted quotes. */
  const sync = () => {
    const data = project()
    for (const step of STEPS) {
      const accepted = entryOf(step, data)?.quotes.find((quote) => quote.accepted)
      const slug = step.route as StepSlug
      if (!accepted) contracts.delete(slug)
      else if (contracts.get(slug)?.quoteId !== accepted.id) {
        const { id: quoteId, vendor, amount, tradeId } = accepted
        const contract = { quoteId, tradeId, vendor, amount }
        contracts.set(slug, { ...contract, draws: newDraws(amount), changeOrders: [] })
      }
    }
  }

  const committed = (contract: Contract) => committedOf(contract.amount, contract.changeOrders)

  /** The contracts as the server stores them, answered by the server's own Money answer. */
  const answer = (): Money => {
    sync()
    const rows = {
      contracts: [],
      draws: [],
      payments: [],
      changeOrders: [],
      paymentRequests: [],
    } as {
      [K in keyof MoneyRows]: MoneyRows[K][number][]
    }
    for (const [step, contract] of contracts) {
      const { quoteId, tradeId, vendor, amount } = contract
      const signedOn = FAKE_TODAY
      rows.contracts.push({ id: quoteId, step, quoteId, tradeId, vendor, amount, signedOn })
      for (const { payments, requests, ...draw } of contract.draws) {
        rows.draws.push({ ...draw, contractId: quoteId })
        rows.payments.push(...payments.map((payment) => ({ ...payment, drawId: draw.id })))
        rows.paymentRequests.push(
          ...requests.map((r) => ({ ...r, drawId: draw.id, requestedAt: new Date(r.requestedAt) })),
        )
      }
      for (const order of contract.changeOrders)
        rows.changeOrders.push({
          ...order,
          contractId: quoteId,
          createdAt: new Date(order.createdAt),
        })
    }
    const today = FAKE_TODAY
    return moneyOf(rows, {
      project: project(),
      timeline: timeline(NO_FACTS, DEFAULT_SCHEDULE, today),
      today,
    })
  }

  const contractOf = (step: StepSlug) => {
    sync()
    const contract = contracts.get(step)
    if (!contract) throw apiProblem(409, 'NO_CONTRACT', 'Accept a quote for this step first.')
    return contract
  }
  const drawWith = (drawId: string) => {
    sync()
    for (const contract of contracts.values()) {
      const draw = contract.draws.find((d) => d.id === drawId)
      if (draw) return draw
    }
    throw apiProblem(404, 'NOT_FOUND', 'No such draw.')
  }

  const handle = async (call: ClientCall): Promise<ClientCallResult> => {
    switch (call.name) {
      case 'money':
        break
      case 'setDraws': {
        const contract = contractOf(call.body.step)
        const shortBy = drawsShortBy(call.body.draws, committed(contract))
        if (shortBy !== 0) {
          const detail = drawsSumMessage(shortBy, committed(contract))
          throw Object.assign(apiProblem(400, 'DRAWS_MUST_SUM', detail), {
            fieldErrors: { draws: [detail] },
          })
        }
        // As the server does for a row with an id: that draw keeps its payments and waiver.
        contract.draws = call.body.draws.map(({ id: drawId, ...draw }) => {
          const kept = contract.draws.find((d) => d.id === drawId)
          return {
            ...draw,
            id: kept?.id ?? id(),
            payments: kept?.payments ?? [],
            lienWaiverFileId: kept?.lienWaiverFileId ?? null,
            requests: kept?.requests ?? [],
          }
        })
        break
      }
      case 'recordPayment': {
        const draw = drawWith(call.id)
        const owed = draw.amount - draw.payments.reduce((sum, p) => sum + p.amount, 0)
        if (call.body.amount > owed) {
          throw apiProblem(409, 'PAYMENT_EXCEEDS_DRAW', 'That is more than this draw still owes.')
        }
        const { paidOn, amount, method, reference = '' } = call.body
        draw.payments.push({ id: id(), paidOn, amount, method, reference })
        for (const request of requestsPaidBy(draw.requests, amount, owed - amount))
          request.status = 'paid'
        break
      }
      case 'deletePayment':
        for (const contract of contracts.values()) {
          for (const draw of contract.draws) {
            draw.payments = draw.payments.filter((p) => p.id !== call.id)
          }
        }
        break
      case 'setLienWaiver':
        drawWith(call.id).lienWaiverFileId = call.body.fileId
        break
      case 'addChangeOrder': {
        const { description, amount } = call.body
        contractOf(call.body.step).changeOrders.push({
          id: id(),
          description,
          amount,
          status: 'proposed',
          createdAt: NOW,
        })
        break
      }
      case 'decideChangeOrder':
        for (const contract of contracts.values()) {
          const order = contract.changeOrders.find((c) => c.id === call.id)
          if (!order) continue
          if (order.status !== 'proposed') {
            throw apiProblem(409, 'CHANGE_ORDER_DECIDED', 'This change order was already decided.')
          }
          order.status = call.body.status
          const balance = contract.draws.at(-1)
          if (balance && call.body.status === 'approved') balance.amount += order.amount
        }
        break
      case 'declinePaymentRequest': {
        const request = [...contracts.values()]
          .flatMap((contract) => contract.draws.flatMap((draw) => draw.requests))
          .find((r) => r.id === call.id)
        if (!request) throw apiProblem(404, 'NOT_FOUND', 'No such payment request.')
        request.status = 'declined'
        break
      }
      default:
        throw new Error(`The fake money API has no ${call.name}`)
    }
    return { name: call.name, data: answer() } as ClientCallResult
  }
  /** A trade's open request on the draw at `position` of `step`'s plan, as its portal makes it. */
  const requestPayment = (request: FakePaymentRequest) => {
    const draw = contractOf(request.step).draws[request.position]
    if (!draw) throw new Error(`no draw ${request.position} on ${request.step}`)
    draw.requests.push({
      id: id(),
      amount: request.amount,
      invoiceFileId: request.invoiceFileId,
      conditionalWaiverFileId: request.conditionalWaiverFileId,
      requestedAt: NOW,
      status: 'open',
    })
  }
  return { handle: vi.fn(handle), contracts, requestPayment }
}
