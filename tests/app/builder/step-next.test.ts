import { describe, expect, it } from 'vitest'
import type { Draw } from '../../../contract/money'
import { stepState, type StepFacts } from '../../../src/features/builder/steps/step-next'

const facts = (over: Partial<StepFacts> = {}): StepFacts => ({
  route: 'excavation',
  title: 'Excavation',
  designSaved: true,
  done: false,
  quotes: [],
  engineerChosen: false,
  inspections: [{ slug: 'layout', status: 'passed' }],
  money: undefined,
  hasWarranty: null,
  ...over,
})

const deposit = (paid: number): Draw => ({
  id: '00000000-0000-4000-8000-000000000701',
  label: 'Deposit',
  amount: 100_000,
  due: 'signing',
  dueOn: null,
  paid,
  payments: [],
  lienWaiverFileId: null,
  requests: [],
})

const accepted = [{ accepted: false }, { accepted: true }]

describe('a step’s state and next action', () => {
  it('asks for the saved design before anything else, like the Overview', () => {
    expect(stepState(facts({ designSaved: false }))).toEqual({
      status: { label: 'Not started', tone: 'neutral' },
      action: { text: 'Save your pool design', route: 'pool-design' },
    })
  })

  it('asks Engineering for its engineer first, on its own page', () => {
    const state = stepState(facts({ route: 'engineering', title: 'Engineering' }))
    expect(state.action).toEqual({
      text: 'Choose your engineer',
      route: 'engineering',
      hash: 'choices',
    })
    const chosen = stepState(facts({ route: 'engineering', engineerChosen: true }))
    expect(chosen.action?.text).toBe('Get a quote')
  })

  it('goes from a first quote to a second one, then to accepting one', () => {
    expect(stepState(facts())).toEqual({
      status: { label: 'Not started', tone: 'neutral' },
      action: { text: 'Get a quote', route: 'excavation', hash: 'quotes' },
    })
    const one = stepState(facts({ quotes: [{ accepted: false }] }))
    expect(one.status.label).toBe('Quotes in')
    expect(one.action).toEqual({ text: 'Get a second quote', route: 'excavation', hash: 'quotes' })
    const two = stepState(facts({ quotes: [{ accepted: false }, { accepted: false }] }))
    expect(two.action?.text).toBe('Accept a quote')
  })

  it('sends a contract with its deposit unpaid to the Budget', () => {
    const owed = stepState(facts({ quotes: accepted, money: { draws: [deposit(50_000)] } }))
    expect(owed).toEqual({
      status: { label: 'Contracted', tone: 'info' },
      action: { text: 'Record the deposit', route: 'budget' },
    })
    const paid = stepState(facts({ quotes: accepted, money: { draws: [deposit(100_000)] } }))
    expect(paid.action).toEqual({
      text: 'Mark Excavation as done',
      route: 'excavation',
      hash: 'progress',
    })
  })

  it('waits on the gating inspection, by the server’s rule, with the way to it', () => {
    const ready = stepState(
      facts({ quotes: accepted, inspections: [{ slug: 'layout', status: 'ready' }] }),
    )
    expect(ready).toEqual({
      status: { label: 'Waiting on the Layout inspection', tone: 'warning' },
      action: {
        text: 'Schedule the Layout inspection',
        route: 'timeline',
        hash: 'inspection-layout',
      },
    })
    const booked = stepState(
      facts({ quotes: accepted, inspections: [{ slug: 'layout', status: 'scheduled' }] }),
    )
    expect(booked.action?.text).toBe('Record the layout inspection result')
    const ungated = stepState(
      facts({ route: 'steel', title: 'Steel', quotes: accepted, inspections: [] }),
    )
    expect(ungated.action?.text).toBe('Mark Steel as done')
  })

  it('asks a done step for its warranty, and for nothing once it is recorded', () => {
    const done = facts({ done: true, quotes: accepted })
    expect(stepState({ ...done, hasWarranty: false })).toEqual({
      status: { label: 'Done', tone: 'success' },
      action: { text: 'Add the warranty', route: 'excavation', hash: 'warranty' },
    })
    expect(stepState({ ...done, hasWarranty: true }).action).toBeNull()
    expect(stepState({ ...done, hasWarranty: null }).action).toBeNull()
  })
})
