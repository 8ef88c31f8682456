import { describe, expect, it } from 'vitest'
import type { Checklist } from '../../contract/checklists'
import type { Notice } from '../../contract/notices'
import type { Equipment } from '../../contract/passport'
import {
  applyCallResult,
  describeFailure,
  initialClientContext,
  parseClientContext,
  upsertManagerRequest,
  type ClientCall,
  type ClientCallResult,
} from '../../machines/client/client.machine'
import { warranty } from '../support/documents'
import { summary } from '../support/messages'
import { bidRequest as bid, clientAtStart, emptyPoolData, managerRequest, uuid } from './fixtures'
import { projectTrade } from './project-fixtures'

/** The answers that edit one item of a list a screen shows: each is keyed, never positional. */

const notice = (n: number, claimant = `Claimant ${n}`): Notice => ({
  id: uuid(800 + n),
  claimant,
  role: 'supplier',
  tradeId: uuid(601),
  receivedOn: '2026-05-01',
  amount: null,
  address: null,
})

const equipment = (n: number, model = `Model ${n}`): Equipment => ({
  id: uuid(850 + n),
  kind: 'pump',
  make: 'Pentair',
  model,
  serial: '',
  installedOn: null,
  warrantyId: null,
  createdAt: '2026-05-01T00:00:00.000Z',
})

const checklist = (inspection: Checklist['inspection'], checked = false): Checklist => ({
  inspection,
  someoneHome: false,
  items: [
    { id: uuid(870), text: 'Barrier complete', photo: false, code: null, checked, fileIds: [] },
  ],
})

/** A client holding two items of every keyed list, the second of which the answers touch. */
const held = {
  ...clientAtStart(),
  poolData: emptyPoolData(),
  warranties: [warranty('steel'), warranty('tile')],
  trades: [projectTrade(1), projectTrade(2)],
  notices: [notice(1), notice(2)],
  checklists: [checklist('layout'), checklist('final')],
  bidRequests: [bid(1), bid(2)],
  equipment: [equipment(1), equipment(2)],
  threads: [summary('project'), summary('excavation', 3)],
}

const unread = {
  ...held,
  warranties: null,
  trades: null,
  notices: null,
  checklists: null,
  bidRequests: null,
  equipment: null,
  threads: null,
}

const after = (result: ClientCallResult) => applyCallResult(held, result)

describe('the answers that replace one item of a list', () => {
  it('replace the item with the same key and leave the others where they are', () => {
    const renamed = projectTrade(2, { company: 'Renamed Co' })
    expect(after({ name: 'editTrade', data: renamed }).trades).toEqual([projectTrade(1), renamed])
    expect(after({ name: 'editNotice', data: notice(2, 'Renamed') }).notices).toEqual([
      notice(1),
      notice(2, 'Renamed'),
    ])
    expect(after({ name: 'editEquipment', data: equipment(2, 'XF') }).equipment).toEqual([
      equipment(1),
      equipment(2, 'XF'),
    ])
    expect(after({ name: 'tickChecklistItem', data: checklist('final', true) }).checklists).toEqual(
      [checklist('layout'), checklist('final', true)],
    )
    const read = summary('excavation', 0)
    expect(after({ name: 'readThread', data: read }).threads).toEqual([summary('project'), read])
    const renewed = warranty('tile', { provider: 'Other Co' })
    expect(after({ name: 'setWarranty', data: renewed }).warranties).toEqual([
      warranty('steel'),
      renewed,
    ])
    expect(after({ name: 'withdrawBidRequest', data: bid(2, 'withdrawn') }).bidRequests).toEqual([
      bid(1),
      bid(2, 'withdrawn'),
    ])
  })

  it('add an item whose key is new at the end', () => {
    expect(after({ name: 'createTrade', data: projectTrade(3) }).trades).toEqual([
      projectTrade(1),
      projectTrade(2),
      projectTrade(3),
    ])
    expect(after({ name: 'createNotice', data: notice(3) }).notices).toEqual([
      notice(1),
      notice(2),
      notice(3),
    ])
    expect(after({ name: 'addEquipment', data: equipment(3) }).equipment).toEqual([
      equipment(1),
      equipment(2),
      equipment(3),
    ])
    expect(after({ name: 'tickChecklistItem', data: checklist('barrier') }).checklists).toEqual([
      checklist('layout'),
      checklist('final'),
      checklist('barrier'),
    ])
  })

  it('leave a list not fetched yet as it is', () => {
    const upserted = (result: ClientCallResult) => applyCallResult(unread, result)
    expect(upserted({ name: 'createTrade', data: projectTrade(3) }).trades).toBeNull()
    expect(upserted({ name: 'createNotice', data: notice(3) }).notices).toBeNull()
    expect(upserted({ name: 'addEquipment', data: equipment(3) }).equipment).toBeNull()
    expect(upserted({ name: 'tickChecklistItem', data: checklist('final') }).checklists).toBeNull()
    expect(upserted({ name: 'readThread', data: summary('project') }).threads).toBeNull()
    expect(upserted({ name: 'deleteTrade', data: { id: projectTrade(1).id } }).trades).toBeNull()
  })

  it('touch no other list', () => {
    const renamed = projectTrade(1, { company: 'Renamed Co' })
    const edited = after({ name: 'editTrade', data: renamed })
    expect({ ...edited, trades: held.trades }).toEqual(held)
  })
})

describe('the answers that delete an item', () => {
  it('drop the item with that id from its own list only', () => {
    const dropped = (result: ClientCallResult) => {
      const next = applyCallResult(held, result)
      return { trades: next.trades, equipment: next.equipment, notices: next.notices }
    }
    expect(dropped({ name: 'deleteTrade', data: { id: projectTrade(1).id } })).toEqual({
      trades: [projectTrade(2)],
      equipment: held.equipment,
      notices: held.notices,
    })
    expect(dropped({ name: 'deleteEquipment', data: { id: equipment(2).id } })).toEqual({
      trades: held.trades,
      equipment: [equipment(1)],
      notices: held.notices,
    })
    expect(dropped({ name: 'deleteNotice', data: { id: notice(1).id } })).toEqual({
      trades: held.trades,
      equipment: held.equipment,
      notices: [notice(2)],
    })
  })
})

describe('a manager request answered', () => {
  it('replaces the request with its id among several', () => {
    const poolData = emptyPoolData({
      ManagerRequests: [managerRequest('closed', 1), managerRequest('open', 2)],
    })
    expect(upsertManagerRequest(poolData, managerRequest('accepted', 2)).ManagerRequests).toEqual([
      managerRequest('closed', 1),
      managerRequest('accepted', 2),
    ])
  })
})

describe('a stored draft', () => {
  const withDraft = (call: unknown) => ({
    ...initialClientContext(),
    draft: { userId: uuid(1), call },
  })

  it('is kept with a named call, for the server to check when it is re-applied', () => {
    const call = { name: 'editPool', body: {} }
    expect(parseClientContext(withDraft(call))?.draft).toEqual({ userId: uuid(1), call })
  })

  it.each([{}, { name: 7 }, null])('drops a context whose draft call is %j', (call) => {
    expect(parseClientContext(withDraft(call))).toBeNull()
  })
})

describe('a refused call', () => {
  const call: ClientCall = { name: 'deleteTrade', id: projectTrade(1).id }
  const fallback = 'That did not work. Please try again.'

  it("shows the server's detail and the text of each field's messages", () => {
    const problem = { detail: 'Check the email', fieldErrors: { email: ['Enter an email', 3] } }
    expect(describeFailure(call, problem)).toEqual({
      call,
      message: 'Check the email',
      fields: { email: ['Enter an email'] },
    })
  })

  it.each([{ detail: '' }, { detail: 42 }, new TypeError('fetch failed')])(
    'says the fallback sentence for %j',
    (error) => {
      expect(describeFailure(call, error)).toEqual({ call, message: fallback, fields: {} })
    },
  )
})
