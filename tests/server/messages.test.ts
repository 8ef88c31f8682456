import { beforeEach, describe, expect, it } from 'vitest'
import { MESSAGE_PAGE, THREAD_IDS } from '../../contract/messages'
import type { TradeBody } from '../../contract/trades'
import { call, callRaw } from '../support/call'
import { expectProblem } from '../support/http'
import { austinPerTest, newClient } from './client-kit'
import { multipartBody, pdf, uploaded } from './files-kit'
import { messagesOf, postedOf, signedInManager, summariesOf, unreadOf } from './messages-kit'
import { setToday } from './timeline-kit'
import { bidRequest, digger as diggerTrade, tradeSignIn } from './trade-kit'

type Headers = Record<string, string>

/**
 * The project's threads (PRODUCT.md §18, §18a): who sees which, unread counts, pages, files.
 * The owner, an assigned manager, and a digger with a request on excavation.
 */
const { t, admin, client } = austinPerTest()
let manager: Headers
let digger: Headers

beforeEach(async () => {
  setToday(t, '2030-03-01')
  manager = (
    await signedInManager(t, { email: 'max@example.com', name: 'Max', assignedTo: client.id })
  ).headers
  digger = (await tradeSignIn(t, (await bidRequest(t, client)).token)).headers
})

const ownerPost = (thread: string, text: string, fileIds?: string[]) =>
  callRaw(
    t,
    'postMessage',
    { thread, body: { text, ...(fileIds ? { fileIds } : {}) } },
    client.headers,
  )
const managerPost = (thread: string, text: string, as: Headers = manager, clientId = client.id) =>
  callRaw(t, 'postProjectMessage', { clientId, thread, body: { text } }, as)
const tradePost = (text: string, as: Headers = digger, fileIds?: string[]) =>
  callRaw(t, 'postTradeMessage', { body: { text, ...(fileIds ? { fileIds } : {}) } }, as)
const ownerThreads = async () => summariesOf(await callRaw(t, 'threads', {}, client.headers))
const managerThreads = async (as: Headers = manager) =>
  summariesOf(await callRaw(t, 'projectThreads', { clientId: client.id }, as))

describe('the threads', () => {
  it('are the project and the 13 steps, titled, each with its last message and unread count', async () => {
    postedOf(await ownerPost('excavation', 'When can you dig?'))
    const threads = await ownerThreads()
    expect(threads.map((s) => s.thread)).toEqual([...THREAD_IDS])
    expect(threads[0]).toMatchObject({ thread: 'project', title: 'Project', unread: 0, last: null })
    const dig = threads.find((s) => s.thread === 'excavation')
    expect(dig?.title).toBe('Excavation')
    expect(dig?.last).toMatchObject({ text: 'When can you dig?', author: { role: 'CLIENT' } })
    // The owner's own message is not unread for the owner; it is for the manager.
    expect(dig?.unread).toBe(0)
    expect(unreadOf(await managerThreads(), 'excavation')).toBe(1)
  })

  it('are read and written by the owner, the assigned manager and the step trade', async () => {
    postedOf(await ownerPost('excavation', 'Owner here'))
    const fromManager = postedOf(await managerPost('excavation', 'Manager here'))
    expect(fromManager.author).toEqual({ role: 'MANAGER', name: 'Max' })
    const fromTrade = postedOf(await tradePost('Digger here'))
    expect(fromTrade).toMatchObject({
      thread: 'excavation',
      author: { role: 'TRADE', name: 'Deep Dig Co' },
    })
    const texts = ['Owner here', 'Manager here', 'Digger here']
    const byOwner = await call(
      t,
      'threadMessages',
      { thread: 'excavation', query: {} },
      client.headers,
    )
    expect(byOwner.map((m) => m.text)).toEqual(texts)
    const byManager = messagesOf(
      await callRaw(
        t,
        'projectMessages',
        { clientId: client.id, thread: 'excavation', query: {} },
        manager,
      ),
    )
    expect(byManager.map((m) => m.text)).toEqual(texts)
    const byTrade = messagesOf(await callRaw(t, 'tradeMessages', { query: {} }, digger))
    expect(byTrade.map((m) => m.text)).toEqual(texts)
  })

  it('show a trade its own step only, and nothing to a trade of another step', async () => {
    postedOf(await ownerPost('project', 'Only for the project'))
    postedOf(await ownerPost('steel', 'Steel talk'))
    const rebar: TradeBody = {
      ...diggerTrade,
      company: 'Rebar Bros',
      email: 'rb@rebar.example',
      steps: ['steel'],
    }
    const made = await bidRequest(t, client, { step: 'steel', trade: rebar })
    const byDigger = messagesOf(await callRaw(t, 'tradeMessages', { query: {} }, digger))
    expect(byDigger).toEqual([])
    postedOf(await tradePost('Excavation only'))
    const steelSession = (await tradeSignIn(t, made.token, rebar.email)).headers
    const bySteel = messagesOf(await callRaw(t, 'tradeMessages', { query: {} }, steelSession))
    expect(bySteel.map((m) => m.text)).toEqual(['Steel talk'])
  })

  it('answer 404 to a manager not assigned to the project, and let an admin read only', async () => {
    const other = await signedInManager(t, { email: 'olga@example.com', name: 'Olga' })
    expectProblem(await callRaw(t, 'projectThreads', { clientId: client.id }, other.headers), 404)
    expectProblem(await managerPost('project', 'Let me in', other.headers), 404)
    const read = { clientId: client.id, thread: 'project', query: {} }
    expectProblem(await callRaw(t, 'projectMessages', read, other.headers), 404)
    expectProblem(
      await callRaw(
        t,
        'readProjectThread',
        { clientId: client.id, thread: 'project' },
        other.headers,
      ),
      404,
    )

    postedOf(await ownerPost('project', 'Hello'))
    expect(unreadOf(await managerThreads(admin), 'project')).toBe(1)
    expectProblem(await managerPost('project', 'Admin writing', admin), 403)
    const unknown = '00000000-0000-4000-8000-000000000000'
    expectProblem(await callRaw(t, 'projectThreads', { clientId: unknown }, admin), 404)
    // The owner's calls are the owner's: a manager's token is refused there.
    expectProblem(await callRaw(t, 'threads', {}, manager), 403)
  })

  it('keep one owner out of another project', async () => {
    postedOf(await ownerPost('project', 'Private'))
    const other = await newClient(t, 'other@example.com')
    const threads = summariesOf(await callRaw(t, 'threads', {}, other.headers))
    expect(threads.every((s) => s.last === null && s.unread === 0)).toBe(true)
  })
})

describe('unread counts', () => {
  it('move with posts by others and with read marks, not with reading', async () => {
    postedOf(await managerPost('project', 'One'))
    postedOf(await managerPost('project', 'Two'))
    expect(unreadOf(await ownerThreads(), 'project')).toBe(2)
    await call(t, 'threadMessages', { thread: 'project', query: {} }, client.headers)
    expect(unreadOf(await ownerThreads(), 'project')).toBe(2)

    t.clock.advance(1000)
    const marked = await call(t, 'readThread', { thread: 'project' }, client.headers)
    expect(marked).toMatchObject({ thread: 'project', title: 'Project', unread: 0 })
    expect(marked.last?.text).toBe('Two')
    t.clock.advance(1000)
    postedOf(await managerPost('project', 'Three'))
    postedOf(await ownerPost('project', 'Mine'))
    expect(unreadOf(await ownerThreads(), 'project')).toBe(1)
    // The manager's own read mark: the owner's two, then nothing after marking.
    expect(unreadOf(await managerThreads(), 'project')).toBe(1)
    t.clock.advance(1000)
    const byManager = await callRaw(
      t,
      'readProjectThread',
      { clientId: client.id, thread: 'project' },
      manager,
    )
    expect(byManager.statusCode, byManager.body).toBe(200)
    expect(unreadOf(await managerThreads(), 'project')).toBe(0)
    expect(unreadOf(await ownerThreads(), 'project')).toBe(1)
  })
})

describe('a page of messages', () => {
  it('is the newest 50 before `before`, oldest first', async () => {
    const count = MESSAGE_PAGE + 5
    for (let i = 1; i <= count; i++) {
      t.clock.advance(1000)
      postedOf(await ownerPost('permits', `Message ${i}`))
    }
    const newest = await call(t, 'threadMessages', { thread: 'permits', query: {} }, client.headers)
    expect(newest).toHaveLength(MESSAGE_PAGE)
    expect(newest[0]?.text).toBe('Message 6')
    expect(newest.at(-1)?.text).toBe(`Message ${count}`)
    const before = newest[0]?.createdAt ?? ''
    const older = await call(
      t,
      'threadMessages',
      { thread: 'permits', query: { before } },
      client.headers,
    )
    expect(older.map((m) => m.text)).toEqual([1, 2, 3, 4, 5].map((i) => `Message ${i}`))
    expectProblem(
      await callRaw(
        t,
        'threadMessages',
        { thread: 'permits', query: { before: 'yesterday' } },
        client.headers,
      ),
      400,
    )
    expectProblem(
      await callRaw(t, 'threadMessages', { thread: 'no-such-step', query: {} }, client.headers),
      404,
    )
  })

  it('splits no millisecond: written at one instant, every message is on one page or the next', async () => {
    // The test clock stands still: all of them share one createdAt.
    const count = MESSAGE_PAGE + 10
    for (let i = 1; i <= count; i++) postedOf(await ownerPost('permits', `Message ${i}`))
    const newest = await call(t, 'threadMessages', { thread: 'permits', query: {} }, client.headers)
    expect(newest).toHaveLength(MESSAGE_PAGE)
    const edge = newest[0]
    const query = { before: edge?.createdAt ?? '', beforeId: edge?.id ?? '' }
    const older = await call(t, 'threadMessages', { thread: 'permits', query }, client.headers)
    expect(older).toHaveLength(count - MESSAGE_PAGE)
    const texts = [...older, ...newest].map((m) => m.text).sort()
    expect(texts).toEqual(Array.from({ length: count }, (_, i) => `Message ${i + 1}`).sort())
    // Pages are in the same order on each side of the edge: the manager reads the same split.
    const byManager = await call(
      t,
      'projectMessages',
      { clientId: client.id, thread: 'permits', query },
      manager,
    )
    expect(byManager.map((m) => m.id)).toEqual(older.map((m) => m.id))
  })

  it('refuses an id to page from without the time it was written', async () => {
    const res = await callRaw(
      t,
      'threadMessages',
      { thread: 'permits', query: { beforeId: '00000000-0000-4000-8000-000000000001' } },
      client.headers,
    )
    expect(expectProblem(res, 400).errors).toHaveProperty('beforeId')
  })
})

describe("a message's files", () => {
  it("are the project's own; a file of another project is refused with a field message", async () => {
    const photo = await uploaded(
      t,
      client.headers,
      { name: 'site.pdf', bytes: pdf() },
      { kind: 'other' },
    )
    const sent = postedOf(await ownerPost('project', 'The site', [photo.id]))
    expect(sent.fileIds).toEqual([photo.id])
    const other = await newClient(t, 'other@example.com')
    const theirs = await uploaded(
      t,
      other.headers,
      { name: 'x.pdf', bytes: pdf() },
      { kind: 'other' },
    )
    const refused = expectProblem(
      await ownerPost('project', 'Not mine', [theirs.id]),
      400,
      'VALIDATION_FAILED',
    )
    expect(refused.errors?.fileIds).toEqual(['Attach only files of this project'])
    const text = expectProblem(await ownerPost('project', ''), 400)
    expect(text.errors?.text).toBeDefined()
    expectProblem(await ownerPost('project', 'x'.repeat(4001)), 400)
  })

  it("of a trade are those it uploaded on its request, not the owner's others", async () => {
    const owners = await uploaded(
      t,
      client.headers,
      { name: 'plan.pdf', bytes: pdf() },
      { kind: 'other' },
    )
    const refused = expectProblem(await tradePost('Here', digger, [owners.id]), 400)
    expect(refused.errors?.fileIds).toEqual(['Attach only files you uploaded on this bid request'])
    const { payload, contentType } = await multipartBody(
      { kind: 'other' },
      { name: 'b.pdf', bytes: pdf() },
    )
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/trade/files',
      headers: {
        ...digger,
        origin: 'http://localhost:80',
        host: 'localhost:80',
        'content-type': contentType,
      },
      payload,
    })
    expect(res.statusCode, res.body).toBe(201)
    const own = (res.json() as { Data: { id: string } }).Data.id
    expect(postedOf(await tradePost('My drawing', digger, [own])).fileIds).toEqual([own])
  })
})
