import fs from 'node:fs/promises'
import path from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { LogEntry } from '../../contract/documents'
import { build, type TestApp } from '../support/build'
import { expectProblem, snapshot } from '../support/http'
import { call, callRaw } from '../support/call'
import { austinPerTest, clientPerTest, stageIds } from './client-kit'
import {
  bytesStored,
  fetchSigned,
  filesDir,
  filesUnder,
  pdf,
  png,
  storageUsed,
  uploaded,
} from './files-kit'
import { drawId, moneyOf, pay, signed, stepIn } from './money-kit'
import { emailsWithout, setToday } from './timeline-kit'

const { t, admin, client } = austinPerTest({ NOTIFY_INTERVAL: '3600' })
const other = clientPerTest(t, 'other@example.com')
beforeEach(async () => {
  setToday(t, '2030-03-01')
})

const photo = async (headers = client.headers, kind = 'photo') =>
  uploaded(t, headers, { name: 'site.png', bytes: await png() }, { kind })

const addLog = (body: unknown, headers = client.headers) =>
  callRaw(t, 'addLogEntry', { body }, headers)

const logs = (query: Record<string, string> = {}) => call(t, 'logs', { query }, client.headers)

/** What GET /api/files lists, with fresh addresses. */
const listed = () => call(t, 'files', {}, client.headers)

describe('the daily log', () => {
  it('adds entries with their photos, lists them newest day first with fresh addresses', async () => {
    const [a, b] = [await photo(), await photo()]
    const first = await addLog({
      step: 'excavation',
      date: '2030-03-04',
      text: ' Dig started. ',
      fileIds: [b.id, a.id, b.id],
    })
    expect(first.statusCode, first.body).toBe(201)
    const entry = LogEntry.parse((first.json() as { Data: unknown }).Data)
    expect(entry).toMatchObject({ step: 'excavation', date: '2030-03-04', text: 'Dig started.' })
    expect(entry.files.map((f) => f.id)).toEqual([b.id, a.id])
    expect(
      (await addLog({ step: 'steel', date: '2030-03-06', text: 'Rebar in.' })).statusCode,
    ).toBe(201)
    expect(
      (await addLog({ step: 'excavation', date: '2030-03-05', text: 'Done.' })).statusCode,
    ).toBe(201)
    expect((await logs()).map((e) => e.date)).toEqual(['2030-03-06', '2030-03-05', '2030-03-04'])
    const dig = await logs({ step: 'excavation' })
    expect(dig.map((e) => e.text)).toEqual(['Done.', 'Dig started.'])
    const thumb = dig[1]?.files[0]?.urls.thumb ?? ''
    expect((await fetchSigned(t, thumb)).statusCode).toBe(200)
    const roof = { query: { step: 'roof' } }
    expectProblem(await callRaw(t, 'logs', roof, client.headers), 400)
  })

  it("refuses another client's photo, a text over 5,000 characters and a bad date, changing nothing", async () => {
    const theirs = await photo(other.headers)
    const before = await snapshot(t)
    const foreign = { step: 'steel', date: '2030-03-04', text: 'x', fileIds: [theirs.id] }
    expectProblem(await addLog(foreign), 404, 'NOT_FOUND')
    const long = await addLog({ step: 'steel', date: '2030-03-04', text: 'x'.repeat(5001) })
    expect(Object.keys(expectProblem(long, 400).errors ?? {})).toEqual(['text'])
    const day = await addLog({ step: 'steel', date: '2030-02-30', text: 'x' })
    expect(Object.keys(expectProblem(day, 400).errors ?? {})).toEqual(['date'])
    expect(await snapshot(t)).toBe(before)
  })

  it('deletes an entry with its photos and their bytes; another client cannot', async () => {
    const kept = await photo()
    const attached = await photo()
    const res = await addLog({
      step: 'tile',
      date: '2030-03-04',
      text: 'x',
      fileIds: [attached.id],
    })
    const { id } = LogEntry.parse((res.json() as { Data: unknown }).Data)
    const used = await storageUsed(t, admin, client.id)
    const attachedBytes = await bytesStored(t, attached.id)
    const before = await snapshot(t)
    const foreign = await callRaw(t, 'deleteLogEntry', { id }, other.headers)
    expectProblem(foreign, 404)
    expect(await snapshot(t)).toBe(before)
    const removed = await callRaw(t, 'deleteLogEntry', { id }, client.headers)
    expect(removed.json()).toEqual({ Data: { id } })
    expect(await logs()).toEqual([])
    expect((await listed()).map((f) => f.id)).toEqual([kept.id])
    const names = await filesUnder(filesDir(t))
    expect(names.every((n) => n.includes(kept.id))).toBe(true)
    expect(names).toHaveLength(3)
    expectProblem(await fetchSigned(t, attached.urls.original), 404)
    expect(await storageUsed(t, admin, client.id)).toBe(used - attachedBytes)
  })

  it('keeps a photo another entry, a warranty or a draw still uses', async () => {
    const shared = await photo()
    const waiver = await photo(client.headers, 'lien-waiver')
    const only = await photo()
    const entry = async (fileIds: string[]) => {
      const res = await addLog({ step: 'excavation', date: '2030-03-04', text: 'x', fileIds })
      return LogEntry.parse((res.json() as { Data: unknown }).Data).id
    }
    const deleted = await entry([shared.id, waiver.id, only.id])
    const kept = await entry([shared.id])
    const warranty = {
      step: 'tile',
      provider: 'Tile Co',
      termMonths: 12,
      startsOn: '2030-03-04',
      fileId: shared.id,
    }
    expect((await setWarranty(warranty)).statusCode).toBe(200)
    await signed(t, client.headers, 'excavation', 800_000)
    const deposit = await drawId(t, client.headers, 'excavation', 0)
    moneyOf(await pay(t, client.headers, deposit, 80_000), 201)
    const link = { fileId: waiver.id }
    expect(
      (await callRaw(t, 'setLienWaiver', { id: deposit, body: link }, client.headers)).statusCode,
    ).toBe(200)
    // Ten days after the payment: without its waiver, the step would warn MISSING_LIEN_WAIVER.
    setToday(t, '2030-03-11')
    const used = await storageUsed(t, admin, client.id)
    const onlyBytes = await bytesStored(t, only.id)

    const removed = await callRaw(t, 'deleteLogEntry', { id: deleted }, client.headers)
    expect(removed.statusCode, removed.body).toBe(200)
    expect((await logs()).map((e) => [e.id, e.files.map((f) => f.id)])).toEqual([
      [kept, [shared.id]],
    ])
    expect((await warranties()).map((w) => w.fileId)).toEqual([shared.id])
    const money = await callRaw(t, 'money', {}, client.headers)
    const excavation = stepIn(moneyOf(money), 'excavation')
    expect(excavation.draws[0]?.lienWaiverFileId).toBe(waiver.id)
    expect(excavation.warnings.map((w) => w.code)).not.toContain('MISSING_LIEN_WAIVER')
    // Fresh addresses: the ones the uploads answered expired with the days that passed.
    const still = await listed()
    expect(still.map((f) => f.id).sort()).toEqual([shared.id, waiver.id].sort())
    for (const file of still)
      expect((await fetchSigned(t, file.urls.original)).statusCode).toBe(200)
    const names = await filesUnder(filesDir(t))
    expect(names.some((n) => n.includes(only.id))).toBe(false)
    expect(await storageUsed(t, admin, client.id)).toBe(used - onlyBytes)
  })
})

const setWarranty = (body: unknown, headers = client.headers) =>
  callRaw(t, 'setWarranty', { body }, headers)
const warranties = () => call(t, 'warranties', {}, client.headers)

describe('warranties', () => {
  it("start on the step's done day unless told, one per step, replaced by the next", async () => {
    const rebar = { step: 'steel', provider: 'Rebar Co', termMonths: 12 }
    // Before the step is done, a warranty without a start could never end, nor be reminded of.
    expectProblem(await setWarranty(rebar), 409, 'STEP_NOT_DONE')
    expect(await warranties()).toEqual([])
    setToday(t, '2030-03-10')
    const { steel } = await stageIds(t)
    expect(
      (await callRaw(t, 'markDone', { body: { StageId: steel, done: true } }, client.headers))
        .statusCode,
    ).toBe(200)
    const first = await setWarranty(rebar)
    expect(first.statusCode, first.body).toBe(200)
    expect(await warranties()).toMatchObject([
      { step: 'steel', startsOn: '2030-03-10', expiresOn: '2031-03-10' },
    ])
    const paper = await uploaded(
      t,
      client.headers,
      { name: 'w.pdf', bytes: pdf() },
      { kind: 'warranty' },
    )
    const body = {
      step: 'steel',
      provider: 'Steel Inc',
      termMonths: 1,
      startsOn: '2030-01-31',
      fileId: paper.id,
    }
    expect((await setWarranty(body)).statusCode).toBe(200)
    await setWarranty({
      step: 'pool-design',
      provider: 'Plans',
      termMonths: 600,
      startsOn: '2030-01-01',
    })
    const now = await warranties()
    expect(now).toMatchObject([
      { step: 'pool-design', expiresOn: '2080-01-01' },
      // date-fns: a month after January 31 is the last day of February.
      {
        step: 'steel',
        provider: 'Steel Inc',
        startsOn: '2030-01-31',
        expiresOn: '2030-02-28',
        fileId: paper.id,
      },
    ])
    // Deleting the paper keeps the warranty, without it.
    await callRaw(t, 'deleteFile', { id: paper.id }, client.headers)
    expect((await warranties())[1]?.fileId).toBeNull()
  })

  it("refuses another client's file and terms out of 1–600 months, changing nothing", async () => {
    const theirs = await photo(other.headers)
    const before = await snapshot(t)
    const foreign = {
      step: 'tile',
      provider: 'Tile Co',
      termMonths: 12,
      startsOn: '2030-01-01',
      fileId: theirs.id,
    }
    expectProblem(await setWarranty(foreign), 404)
    for (const termMonths of [0, 601, 1.5])
      expect(
        Object.keys(
          expectProblem(await setWarranty({ step: 'tile', provider: 'T', termMonths }), 400)
            .errors ?? {},
        ),
      ).toEqual(['termMonths'])
    expectProblem(await setWarranty({ step: 'tile', provider: ' ', termMonths: 1 }), 400)
    expect(await snapshot(t)).toBe(before)
  })
})

describe('PUT /api/draws/{id}/lien-waiver', () => {
  const link = (id: string, fileId: string | null, headers = client.headers) =>
    callRaw(t, 'setLienWaiver', { id, body: { fileId } }, headers)

  it('links a lien waiver, which clears MISSING_LIEN_WAIVER; null unlinks it', async () => {
    await signed(t, client.headers, 'excavation', 800_000)
    const deposit = await drawId(t, client.headers, 'excavation', 0)
    moneyOf(await pay(t, client.headers, deposit, 80_000), 201)
    setToday(t, '2030-03-11')
    const codes = (m: ReturnType<typeof moneyOf>) =>
      stepIn(m, 'excavation').warnings.map((w) => w.code)
    const waiver = await uploaded(
      t,
      client.headers,
      { name: 'waiver.pdf', bytes: pdf() },
      {
        kind: 'lien-waiver',
      },
    )
    const linked = moneyOf(await link(deposit, waiver.id))
    expect(stepIn(linked, 'excavation').draws[0]?.lienWaiverFileId).toBe(waiver.id)
    expect(codes(linked)).not.toContain('MISSING_LIEN_WAIVER')
    const unlinked = moneyOf(await link(deposit, null))
    expect(stepIn(unlinked, 'excavation').draws[0]?.lienWaiverFileId).toBeNull()
    expect(codes(unlinked)).toContain('MISSING_LIEN_WAIVER')
    moneyOf(await link(deposit, waiver.id))
    // Deleting the document unlinks it.
    await callRaw(t, 'deleteFile', { id: waiver.id }, client.headers)
    const res = await callRaw(t, 'money', {}, client.headers)
    expect(stepIn(moneyOf(res), 'excavation').draws[0]?.lienWaiverFileId).toBeNull()
  })

  it("answers 409 NOT_A_LIEN_WAIVER to another kind, 404 to another's draw or file", async () => {
    await signed(t, client.headers, 'excavation', 800_000)
    await signed(t, other.headers, 'excavation', 800_000)
    const deposit = await drawId(t, client.headers, 'excavation', 0)
    const theirDraw = await drawId(t, other.headers, 'excavation', 0)
    const notAWaiver = await photo()
    const theirWaiver = await photo(other.headers, 'lien-waiver')
    const mine = await photo(client.headers, 'lien-waiver')
    const before = await snapshot(t)
    expectProblem(await link(deposit, notAWaiver.id), 409, 'NOT_A_LIEN_WAIVER')
    expectProblem(await link(deposit, theirWaiver.id), 404)
    expectProblem(await link(theirDraw, mine.id), 404)
    expectProblem(await link(crypto.randomUUID(), null), 404)
    expect(await snapshot(t)).toBe(before)
  })
})

describe('the warranty reminder', () => {
  const mails = async (apps: TestApp[]) => {
    const found: { to: string; subject: string }[] = []
    for (const made of apps) {
      await made.app.mailer.flush()
      for (const name of await fs.readdir(made.outbox))
        if (name.endsWith('.json'))
          found.push(JSON.parse(await fs.readFile(path.join(made.outbox, name), 'utf8')))
    }
    return found.filter((m) => m.subject.includes('warranty'))
  }
  /** Steel's cover: a year from Jan 15, 2030, so it ends on Jan 15, 2031. */
  const steelWarranty = () =>
    setWarranty({ step: 'steel', provider: 'Rebar Co', termMonths: 12, startsOn: '2030-01-15' })

  it('goes out once, 30 days before the cover ends, however many servers run the job', async () => {
    const second = await build({ NOTIFY_INTERVAL: '3600' }, { besides: t })
    try {
      await steelWarranty()
      const both = [t, second]
      const run = () => Promise.all(both.map((made) => made.app.notifier.run()))
      for (const made of both) setToday(made, '2030-12-15')
      await run()
      expect(await mails(both)).toEqual([])
      for (const made of both) setToday(made, '2030-12-16')
      await run()
      await run()
      for (const made of both) setToday(made, '2031-01-10')
      await run()
      const sent = await mails(both)
      expect(sent).toEqual([
        expect.objectContaining({
          to: 'c@example.com',
          subject: 'Your Steel warranty ends on Wednesday, January 15, 2031',
        }),
      ])
    } finally {
      await second.app.close()
    }
  })

  it('still goes out on the day the cover ends, and not after it', async () => {
    await steelWarranty()
    setToday(t, '2031-01-16')
    await t.app.notifier.run()
    expect(await mails([t])).toEqual([])
    setToday(t, '2031-01-15')
    await t.app.notifier.run()
    expect(await mails([t])).toEqual([
      expect.objectContaining({
        subject: 'Your Steel warranty ends on Wednesday, January 15, 2031',
      }),
    ])
  })

  it('is not sent to a client who turned warranty reminders off', async () => {
    await steelWarranty()
    await emailsWithout(t, client.headers, 'warrantyReminders')
    setToday(t, '2030-12-20')
    await t.app.notifier.run()
    expect(await mails([t])).toEqual([])
  })
})
