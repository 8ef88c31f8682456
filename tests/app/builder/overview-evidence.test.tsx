// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { addDays, formatISO } from 'date-fns'
import { afterEach, describe, expect, it } from 'vitest'
import { DEFAULT_SCHEDULE } from '../../../contract'
import { defaultChecklist } from '../../../contract/checklist-defaults'
import type { Checklist } from '../../../contract/checklists'
import { firstBaseline, timeline, type ProjectFacts } from '../../../contract/scheduling'
import { nextActions } from '../../../src/features/builder/overview/next-actions'
import { fakeModalDialogs } from '../../support/modal-dialogs'
import { storedFile, warranty } from '../../support/documents'
import { designEntry, emptyPoolData, excavationWith, quote, renderBuilder, STAGES } from './harness'

fakeModalDialogs()
afterEach(cleanup)

const inDays = (days: number) => formatISO(addDays(new Date(), days), { representation: 'date' })

describe('the Overview’s evidence', () => {
  it('shows the six newest photos, each a link to Documents', async () => {
    const files = [
      ...[1, 2, 3, 4, 5, 6, 7].map((n) => storedFile(n, { step: 'steel', caption: `Photo ${n}` })),
      storedFile(8, { step: 'permits', contentType: 'application/pdf', kind: 'permit' }),
    ]
    const { user, router, idle } = await renderBuilder('/builder/overview', {
      poolData: emptyPoolData({ nonStages: [designEntry()] }),
      documents: { files },
    })
    await idle()
    const card = screen.getByRole('region', { name: 'Latest photos' })
    const links = within(card).getAllByRole('link', { name: /^Photo/ })
    expect(links.map((link) => link.textContent || link.querySelector('img')?.alt)).toEqual([
      'Photo 7',
      'Photo 6',
      'Photo 5',
      'Photo 4',
      'Photo 3',
      'Photo 2',
    ])
    await user.click(links[0] as HTMLElement)
    await screen.findByRole('heading', { level: 1, name: 'Documents' })
    expect(router.state.location.pathname).toBe('/builder/documents')
  })

  it('lists the warranties that expire within 60 days, soonest first', async () => {
    const { idle } = await renderBuilder('/builder/overview', {
      poolData: emptyPoolData({ nonStages: [designEntry()] }),
      documents: {
        warranties: [
          warranty('tile', { provider: 'Tile Co', expiresOn: inDays(45) }),
          warranty('steel', { provider: 'Rebar Pros', expiresOn: inDays(10) }),
          warranty('decking', { provider: 'Deck Co', expiresOn: inDays(90) }),
        ],
      },
    })
    await idle()
    const card = screen.getByRole('region', { name: 'Warranties expiring soon' })
    const items = within(card)
      .getAllByRole('listitem')
      .map((item) => item.textContent)
    expect(items).toHaveLength(2)
    expect(items[0]).toMatch(/^Steel — Rebar Pros, expires on /)
    expect(items[1]).toMatch(/^Tile & Coping — Tile Co, expires on /)
  })

  it('says when nothing is there yet', async () => {
    const { idle } = await renderBuilder('/builder/overview', {
      poolData: emptyPoolData({ nonStages: [designEntry()] }),
    })
    await idle()
    expect(screen.getByText(/No photos yet/)).toBeTruthy()
    expect(screen.getByText('No warranty expires in the next 60 days.')).toBeTruthy()
  })

  it('links a missing lien waiver to its draw’s control on the Budget page', async () => {
    const app = await renderBuilder('/builder/budget', {
      poolData: excavationWith(quote({ accepted: true })),
    })
    await app.idle()
    const deposit = app
      .client()
      ?.getSnapshot()
      .context.money?.steps.find((s) => s.step === 'excavation')?.draws[0]
    if (!deposit) throw new Error('no deposit')
    await app.moneyCalls({
      name: 'recordPayment',
      id: deposit.id,
      body: { paidOn: '2026-06-02', amount: 90_000, method: 'check' },
    })
    await app.user.click(screen.getByRole('link', { name: 'Overview' }))
    const action = await screen.findByRole('link', {
      name: "Upload the lien waiver for Excavation's deposit",
    })
    expect(action.getAttribute('href')).toBe(`/builder/budget#lien-waiver-${deposit.id}`)
    await app.user.click(action)
    const draw = await screen.findByRole('listitem', { name: 'Deposit' })
    const control = within(draw).getByRole('button', { name: 'Attach unconditional waiver' })
    await waitFor(() => expect(document.activeElement).toBe(control))
  })
})

describe('next actions for photos', () => {
  const START = '2026-06-01'
  const project = {
    stages: STAGES,
    poolData: emptyPoolData({ nonStages: [designEntry()], BuilderRequested: true }),
    Engineers: [],
  }
  /** Everything up to the trades done: the pre-gunite inspection can be booked. */
  const facts = (): ProjectFacts => {
    const started: ProjectFacts = { startDate: START, baseline: null, steps: {}, inspections: {} }
    const done = (doneOn: string) => ({ startedOn: null, doneOn })
    return {
      ...started,
      baseline: firstBaseline(
        { ...started, startDate: START },
        DEFAULT_SCHEDULE,
        `${START}T00:00:00.000Z`,
      ),
      steps: {
        'pool-design': done('2026-06-05'),
        engineering: done('2026-06-19'),
        permits: done('2026-07-10'),
        excavation: done('2026-07-14'),
        steel: done('2026-07-17'),
        plumbing: done('2026-07-16'),
        electrical: done('2026-07-15'),
      },
      inspections: {
        layout: { status: 'passed', date: '2026-07-13', notes: '', history: [] },
      },
    }
  }
  const texts = (files: ReturnType<typeof storedFile>[] | null) =>
    nextActions(project, timeline(facts(), DEFAULT_SCHEDULE, '2026-07-20'), null, files).map(
      (a) => a.text,
    )

  it('asks for photos of the work an inspection will cover, until there are some', () => {
    expect(texts([storedFile(1, { step: 'plumbing' })])).toEqual(
      expect.arrayContaining([
        'Add photos of Steel before the pre-gunite inspection',
        'Add photos of Electrical before the pre-gunite inspection',
      ]),
    )
    expect(texts([storedFile(1, { step: 'plumbing' })])).not.toContain(
      'Add photos of Plumbing before the pre-gunite inspection',
    )
    const all = ['steel', 'plumbing', 'electrical'] as const
    expect(texts(all.map((step, n) => storedFile(n, { step })))).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/^Add photos/)]),
    )
  })

  it('asks nothing of photos before the files are held', () => {
    expect(texts(null).filter((text) => text.startsWith('Add photos'))).toEqual([])
  })
})

describe('next actions for the next inspection’s checklist', () => {
  const START = '2026-06-01'
  const project = {
    stages: STAGES,
    poolData: emptyPoolData({ nonStages: [designEntry()], BuilderRequested: true }),
    Engineers: [],
  }
  const started: ProjectFacts = { startDate: START, baseline: null, steps: {}, inspections: {} }
  const layoutPassed: ProjectFacts = {
    ...started,
    inspections: { layout: { status: 'passed', date: START, notes: '', history: [] } },
  }
  const preGunite = (fileIds: (n: number) => string[]): Checklist => {
    const { someoneHome, items } = defaultChecklist('pre-gunite', 'TX')
    return {
      inspection: 'pre-gunite',
      someoneHome,
      items: items.map((item, n) => ({ ...item, checked: false, fileIds: fileIds(n) })),
    }
  }
  const texts = (facts: ProjectFacts, checklist: Checklist) =>
    nextActions(project, timeline(facts, DEFAULT_SCHEDULE, START), null, null, [checklist]).map(
      (a) => a.text,
    )

  it('asks to photograph each photo item of the next inspection that has no photo', () => {
    const none = preGunite(() => [])
    expect(texts(layoutPassed, none)).toEqual(
      expect.arrayContaining([
        'Photograph the steel before the pre-gunite inspection',
        'Photograph the bonding before the pre-gunite inspection',
        'Photograph the pressure gauge before the pre-gunite inspection',
      ]),
    )
    const bondingShown = preGunite((n) => (n === 1 ? [storedFile(1).id] : []))
    expect(texts(layoutPassed, bondingShown)).not.toContain(
      'Photograph the bonding before the pre-gunite inspection',
    )
    // The layout inspection comes first: nothing of the pre-gunite one yet.
    expect(texts(started, none).filter((text) => text.startsWith('Photograph'))).toEqual([])
  })
})
