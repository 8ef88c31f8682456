import { describe, expect, it } from 'vitest'
import { z } from 'zod/mini'
import { AdminFetchData, Timeline } from '../../contract'
import { Checklist, CityChecklist, PHOTO_FIRST } from '../../contract/checklists'
import { callRaw } from '../support/call'
import { expectProblem } from '../support/http'
import { austinPerTest, newClient } from './client-kit'
import { png, uploaded } from './files-kit'
import { permitsDone } from './timeline-kit'

const { t, admin, client } = austinPerTest()

const ok = (res: { statusCode: number; body: string; json(): unknown }) => {
  expect(res.statusCode, res.body).toBe(200)
  return (res.json() as { Data: unknown }).Data
}
const checklists = async (headers = client.headers) =>
  z.array(Checklist).parse(ok(await callRaw(t, 'checklists', {}, headers)))
const of = (lists: Checklist[], inspection: string) => {
  const list = lists.find((l) => l.inspection === inspection)
  if (!list) throw new Error(`no ${inspection} checklist`)
  return list
}
const tick = (inspection: string, itemId: string, body: unknown, headers = client.headers) =>
  callRaw(t, 'tickChecklistItem', { inspection, itemId, body }, headers)
const adminChecklists = async () =>
  AdminFetchData.parse(ok(await callRaw(t, 'adminFetch', {}, admin))).Checklists
const edit = (cityId: string, inspection: string, body: unknown) =>
  callRaw(t, 'editChecklist', { cityId, inspection, body }, admin)
const austinId = async () => {
  const [first] = await adminChecklists()
  if (!first) throw new Error('no city checklist')
  return first.cityId
}
const photo = async (headers = client.headers) =>
  uploaded(t, headers, { name: 'bonding.png', bytes: await png(64, 48) }, { kind: 'inspection' })
const timeline = async () => Timeline.parse(ok(await callRaw(t, 'timeline', {}, client.headers)))

describe('GET /api/checklists', () => {
  it("answers the five inspections' defaults with their code references, copied from the city", async () => {
    const lists = await checklists()
    expect(lists.map((l) => [l.inspection, l.someoneHome])).toEqual([
      ['layout', false],
      ['pre-gunite', false],
      ['pre-deck', false],
      ['barrier', true],
      ['final', true],
    ])
    expect(
      of(lists, 'pre-gunite').items.map(({ text, photo, code }) => [text, photo, code]),
    ).toEqual([
      ['Steel placed per the engineering plan', true, null],
      ['Bonding attached to the steel in four places', true, 'NEC 680.26(B)(1)'],
      ['Plumbing pressure test holding 35 psi', true, null],
      [
        'Main drain covers VGB-compliant, or dual drains at least 3 ft apart',
        true,
        'ASME A112.19.8',
      ],
    ])
    expect(of(lists, 'pre-deck').items.map((i) => i.code)).toEqual(['NEC 680.26(B)(2)', null])
    expect(lists.flatMap((l) => l.items).every((i) => !i.checked && i.fileIds.length === 0)).toBe(
      true,
    )
    // Austin is in Texas: no California item.
    expect(of(lists, 'barrier').items.map((i) => i.text)).not.toContain(
      'Two of the seven drowning-prevention features',
    )
    expect(await checklists()).toEqual(lists)
  })
})

describe('the admin fetch and PUT /api/admin/checklists/edit/{cityId}/{inspection}', () => {
  it('gives every city the defaults, the California item only to cities in CA', async () => {
    const res = await callRaw(
      t,
      'createCity',
      { body: { name: 'Fresno', state: 'CA', permitFee: 60_000 } },
      admin,
    )
    expect(res.statusCode, res.body).toBe(201)
    const all = z.array(CityChecklist).parse(await adminChecklists())
    expect(all).toHaveLength(10)
    const barrier = (state: string) =>
      all
        .filter((c) => c.inspection === 'barrier')
        .find((c) =>
          state === 'CA' ? c.cityId === res.json().Data.id : c.cityId !== res.json().Data.id,
        )
        ?.items.map((i) => i.text)
    expect(barrier('CA')).toContain('Two of the seven drowning-prevention features')
    expect(barrier('TX')).not.toContain('Two of the seven drowning-prevention features')
    expect(barrier('CA')).toHaveLength(5)
  })

  it("reaches the projects' unscheduled inspections, keeping ticks, but not a scheduled one", async () => {
    const before = await checklists()
    const bonding = of(before, 'pre-gunite').items[1]
    const setbacks = of(before, 'layout').items[0]
    if (!bonding || !setbacks) throw new Error('no default items')
    const file = await photo()
    ok(await tick('pre-gunite', bonding.id, { checked: true, fileIds: [file.id] }))
    await permitsDone(t, client.headers)
    const { today } = await timeline()
    ok(
      await callRaw(
        t,
        'recordInspection',
        { slug: 'layout', body: { status: 'scheduled', date: today } },
        client.headers,
      ),
    )
    const cityId = await austinId()
    const layoutEdit = await edit(cityId, 'layout', {
      someoneHome: true,
      items: [{ id: setbacks.id, text: 'Setbacks staked', photo: false }],
    })
    expect(CityChecklist.parse(ok(layoutEdit)).items.map((i) => i.text)).toEqual([
      'Setbacks staked',
    ])
    const edited = CityChecklist.parse(
      ok(
        await edit(cityId, 'pre-gunite', {
          someoneHome: true,
          items: [
            { id: bonding.id, text: bonding.text, photo: true, code: bonding.code },
            { text: 'Skimmer lid', photo: false, code: '' },
          ],
        }),
      ),
    )
    expect(edited.items.map(({ text, code }) => [text, code])).toEqual([
      [bonding.text, 'NEC 680.26(B)(1)'],
      ['Skimmer lid', null],
    ])
    const after = await checklists()
    expect(of(after, 'layout')).toEqual(of(before, 'layout'))
    expect(of(after, 'pre-gunite')).toEqual({
      inspection: 'pre-gunite',
      someoneHome: true,
      items: [
        { ...bonding, checked: true, fileIds: [file.id] },
        { ...edited.items[1], checked: false, fileIds: [] },
      ],
    })
    expect((await adminChecklists()).find((c) => c.inspection === 'pre-gunite')).toEqual(edited)
  })

  it('refuses a bad list with field messages, an id not on the list and an unknown city', async () => {
    const cityId = await austinId()
    const problem = expectProblem(
      await edit(cityId, 'final', {
        someoneHome: false,
        items: [{ text: '', photo: false, code: 'x'.repeat(41) }],
      }),
      400,
      'VALIDATION_FAILED',
    )
    expect(Object.keys(problem.errors ?? {}).sort()).toEqual(['items.0.code', 'items.0.text'])
    expectProblem(
      await edit(cityId, 'final', { someoneHome: false, items: [] }),
      400,
      'VALIDATION_FAILED',
    )
    const many = Array.from({ length: 31 }, (_, i) => ({ text: `Item ${i}`, photo: false }))
    expectProblem(
      await edit(cityId, 'final', { someoneHome: false, items: many }),
      400,
      'VALIDATION_FAILED',
    )
    const stranger = { id: crypto.randomUUID(), text: 'Gate', photo: false }
    expectProblem(
      await edit(cityId, 'final', { someoneHome: false, items: [stranger] }),
      400,
      'VALIDATION_FAILED',
    )
    expectProblem(
      await edit(crypto.randomUUID(), 'final', { someoneHome: false, items: [stranger] }),
      404,
      'NOT_FOUND',
    )
  })
})

describe('PUT /api/checklists/{inspection}/{itemId}', () => {
  it('refuses a photo item ticked without a photo, and files that are not the client’s photos', async () => {
    const bonding = of(await checklists(), 'pre-gunite').items[1]
    if (!bonding) throw new Error('no bonding item')
    const refused = expectProblem(
      await tick('pre-gunite', bonding.id, { checked: true }),
      400,
      'VALIDATION_FAILED',
    )
    expect(refused.errors).toEqual({ checked: [PHOTO_FIRST] })
    const other = await newClient(t, 'other@example.com')
    const theirs = await photo(other.headers)
    const foreign = expectProblem(
      await tick('pre-gunite', bonding.id, { checked: true, fileIds: [theirs.id] }),
      400,
      'VALIDATION_FAILED',
    )
    expect(Object.keys(foreign.errors ?? {})).toEqual(['fileIds'])
    expectProblem(
      await tick('pre-gunite', crypto.randomUUID(), { checked: true }),
      404,
      'NOT_FOUND',
    )
    // Unticking needs no photo; an item without photo ticks alone.
    ok(await tick('pre-gunite', bonding.id, { checked: false }))
    const setbacks = of(await checklists(), 'layout').items[0]
    const answered = Checklist.parse(
      ok(await tick('layout', setbacks?.id ?? '', { checked: true })),
    )
    expect(answered.items.map((i) => i.checked)).toEqual([true, false])
  })

  it("keeps the ticked list with a passed inspection's history entry", async () => {
    const [setbacks] = of(await checklists(), 'layout').items
    if (!setbacks) throw new Error('no layout item')
    ok(await tick('layout', setbacks.id, { checked: true }))
    await permitsDone(t, client.headers)
    const { today } = await timeline()
    for (const status of ['scheduled', 'passed'])
      ok(
        await callRaw(
          t,
          'recordInspection',
          { slug: 'layout', body: { status, date: today } },
          client.headers,
        ),
      )
    const layout = (await timeline()).inspections.find((i) => i.slug === 'layout')
    expect(layout?.history.map((h) => h.checklist)).toEqual([
      null,
      [
        { itemId: setbacks.id, text: 'Setbacks staked per the plan', checked: true },
        { itemId: expect.any(String), text: 'Equipment location staked', checked: false },
      ],
    ])
  })

  it('is for the builder only; the edit for admins only', async () => {
    expect((await callRaw(t, 'checklists', {}, {})).statusCode).toBe(401)
    expect((await callRaw(t, 'checklists', {}, admin)).statusCode).toBe(403)
    const body = { someoneHome: false, items: [{ text: 'Gate', photo: false }] }
    const res = await callRaw(
      t,
      'editChecklist',
      { cityId: crypto.randomUUID(), inspection: 'final', body },
      client.headers,
    )
    expect(res.statusCode).toBe(403)
  })
})
