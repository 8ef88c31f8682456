import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, SimulatedClock } from 'xstate'
import type { PoolData } from '../../contract'
import {
  clientMachine,
  initialClientContext,
  parseClientContext,
  toStored,
  upsertEntry,
  type ClientContext,
  type ClientInput,
} from '../../machines/client/client.machine'
import { emptyPoolData, engineer, manager, nonStageEntry, stageEntry } from './fixtures'

/** Starts the client actor with a recording `persist` port. */
function start(input: ClientInput = {}) {
  const saved: ClientContext[] = []
  const machine = clientMachine.provide({
    actions: { persist: (_, context) => void saved.push(context) },
  })
  const actor = createActor(machine, { input, clock: new SimulatedClock() }).start()
  /** The saved part of the context: the call in flight and its failure are not saved. */
  const context = (): ClientContext => toStored(actor.getSnapshot().context)
  return { actor, context, saved }
}

const poolData = (overrides: Partial<PoolData> = {}): PoolData => ({
  poolChoices: [stageEntry(1), stageEntry(2)],
  nonStages: [nonStageEntry('Pool Design'), nonStageEntry('Engineering')],
  BuilderRequested: false,
  PermitFee: null,
  ManagerRequests: [],
  ...overrides,
})

describe('client machine: start', () => {
  it('starts from the defaults when nothing was restored', () => {
    const { context } = start({ restored: null })
    expect(context()).toEqual({
      Flag: false,
      isOpen: true,
      poolData: emptyPoolData({ PermitFee: null }),
      Engineers: [],
      Managers: [],
      draft: null,
    })
  })

  it('starts from the restored context', () => {
    const restored: ClientContext = {
      Flag: true,
      isOpen: false,
      poolData: poolData({ BuilderRequested: true }),
      Engineers: [engineer(10)],
      Managers: [manager(11)],
      draft: null,
    }
    const { context, saved } = start({ restored })
    expect(context()).toEqual(restored)
    // Restoring is not a change: nothing to save.
    expect(saved).toHaveLength(0)
  })

  describe('without a persist provided', () => {
    afterEach(() => vi.unstubAllEnvs())
    const toggleUnprovided = () => {
      const errors: unknown[] = []
      const actor = createActor(clientMachine, { input: {} })
      actor.subscribe({ error: (error) => errors.push(error) })
      actor.start().send({ type: 'layout.sidebarToggled' })
      return { snapshot: actor.getSnapshot(), errors }
    }

    it('fails loudly in development, so a forgotten provide shows at once', () => {
      const { snapshot, errors } = toggleUnprovided()
      expect(snapshot.status).toBe('error')
      expect(errors).toEqual([new Error('persist not provided')])
    })

    it('stays quiet in production: the change is kept, only not saved', () => {
      vi.stubEnv('DEV', false)
      const { snapshot, errors } = toggleUnprovided()
      expect(snapshot.status).toBe('active')
      expect(snapshot.context.isOpen).toBe(false)
      expect(errors).toEqual([])
    })
  })
})

describe('client machine: client.sessionStarted', () => {
  it('fills the data from poolData, Flag, Engineers and Managers', () => {
    const { actor, context } = start()
    const data = poolData()
    actor.send({
      type: 'client.sessionStarted',
      data: { poolData: data, Flag: true, Engineers: [engineer(10)], Managers: [manager(11)] },
    })
    expect(context()).toEqual({
      Flag: true,
      isOpen: true,
      poolData: data,
      Engineers: [engineer(10)],
      Managers: [manager(11)],
      draft: null,
    })
  })

  it('accepts the PoolData spelling too', () => {
    const { actor, context } = start()
    const data = poolData({ BuilderRequested: true })
    actor.send({ type: 'client.sessionStarted', data: { PoolData: data, Flag: true } })
    expect(context().poolData).toEqual(data)
  })

  it('defaults Flag to false, the lists to [] and missing pool data to empty', () => {
    const restored = { ...initialClientContext(), Flag: true, Engineers: [engineer(10)] }
    const { actor, context } = start({ restored })
    actor.send({ type: 'client.sessionStarted', data: { poolData: null } })
    expect(context()).toEqual(initialClientContext())
  })

  it('keeps the sidebar where the user left it', () => {
    const { actor, context } = start({ restored: { ...initialClientContext(), isOpen: false } })
    actor.send({ type: 'client.sessionStarted', data: { Flag: true } })
    expect(context().isOpen).toBe(false)
  })
})

describe('upsertEntry: an entry the server answers', () => {
  it('replaces the stage entry with the same StageId, in place', () => {
    const after = upsertEntry(poolData(), stageEntry(1, true))
    expect(after.poolChoices).toEqual([stageEntry(1, true), stageEntry(2)])
    expect(after.nonStages).toEqual(poolData().nonStages)
  })

  it('replaces the non-stage entry with the same Title, in place', () => {
    const after = upsertEntry(poolData(), nonStageEntry('Pool Design', true))
    expect(after.nonStages).toEqual([
      nonStageEntry('Pool Design', true),
      nonStageEntry('Engineering'),
    ])
    expect(after.poolChoices).toEqual(poolData().poolChoices)
  })

  it('appends an entry that is not there yet', () => {
    expect(upsertEntry(poolData(), stageEntry(3)).poolChoices).toEqual([
      stageEntry(1),
      stageEntry(2),
      stageEntry(3),
    ])
    expect(upsertEntry(poolData(), nonStageEntry('Permits')).nonStages.map((e) => e.Title)).toEqual(
      ['Pool Design', 'Engineering', 'Permits'],
    )
  })

  it('never lets a stage entry replace a non-stage one', () => {
    const before: PoolData = { ...poolData(), poolChoices: [] }
    const after = upsertEntry(before, stageEntry(1))
    expect(after.nonStages).toEqual(before.nonStages)
    expect(after.poolChoices).toEqual([stageEntry(1)])
  })

  it('leaves the previous pool data untouched (new objects, no mutation)', () => {
    const before = poolData()
    const after = upsertEntry(before, stageEntry(1, true))
    expect(before.poolChoices[0]).toEqual(stageEntry(1))
    expect(after).not.toBe(before)
  })
})

describe('client machine: other events', () => {
  it('client.flagChanged sets Flag both ways', () => {
    const { actor, context } = start()
    actor.send({ type: 'client.flagChanged', Flag: true })
    expect(context().Flag).toBe(true)
    actor.send({ type: 'client.flagChanged', Flag: false })
    expect(context().Flag).toBe(false)
  })

  it('layout.sidebarToggled flips isOpen', () => {
    const { actor, context } = start()
    actor.send({ type: 'layout.sidebarToggled' })
    expect(context().isOpen).toBe(false)
    actor.send({ type: 'layout.sidebarToggled' })
    expect(context().isOpen).toBe(true)
  })
})

describe('client machine: persist', () => {
  it('receives the new context after every change', () => {
    const { actor, context, saved } = start()
    const events = [
      { type: 'client.sessionStarted', data: { poolData: poolData(), Flag: false } },
      { type: 'client.flagChanged', Flag: true },
      { type: 'layout.sidebarToggled' },
    ] as const
    for (const [index, event] of events.entries()) {
      actor.send(event)
      expect(saved).toHaveLength(index + 1)
      expect(saved[index]).toEqual(context())
    }
    expect(saved.at(-1)).toMatchObject({ Flag: true, isOpen: false })
  })
})

describe('parseClientContext', () => {
  it('keeps a stored context of the current shape', () => {
    const stored: ClientContext = { ...initialClientContext(), poolData: poolData(), Flag: true }
    expect(parseClientContext(JSON.parse(JSON.stringify(stored)))).toEqual(stored)
  })

  it.each([
    null,
    undefined,
    'client',
    { Flag: true },
    { ...initialClientContext(), isOpen: 'yes' },
  ])('drops %j', (stored) => {
    expect(parseClientContext(stored)).toBeNull()
  })
})
