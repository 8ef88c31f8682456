import { describe, expect, it } from 'vitest'
import { assign, createActor, enqueueActions, setup, type ActorRefFrom } from 'xstate'
import { lateLogic } from '../../machines/ports'

const counter = setup({
  types: { context: {} as { count: number }, events: {} as { type: 'add' } },
}).createMachine({
  context: { count: 0 },
  on: { add: { actions: assign(({ context }) => ({ count: context.count + 1 })) } },
})

/** A parent that spawns `counter` when told to, as the session spawns the role machines. */
const parentOf = (child: typeof counter) =>
  setup({
    types: { events: {} as { type: 'spawn' } },
    actors: { counter: child },
  }).createMachine({
    on: {
      spawn: {
        actions: enqueueActions(({ enqueue }) => enqueue.spawnChild('counter', { id: 'counter' })),
      },
    },
  })

describe('lateLogic', () => {
  it('stands for logic that arrives after the machine was made, and is that logic once there', () => {
    const chunk: { counter?: typeof counter } = {}
    const parent = createActor(parentOf(lateLogic('counter', () => chunk.counter))).start()
    chunk.counter = counter
    parent.send({ type: 'spawn' })
    const child = parent.getSnapshot().children['counter'] as ActorRefFrom<typeof counter>
    child.send({ type: 'add' })
    child.send({ type: 'add' })
    expect(child.getSnapshot().context.count).toBe(2)
    expect(child.getSnapshot().machine).toBe(counter)
  })

  it('throws, naming it, when something spawns it before it arrives', () => {
    const errors: unknown[] = []
    const parent = createActor(parentOf(lateLogic('counter'))).start()
    parent.subscribe({ error: (error) => errors.push(error) })
    parent.send({ type: 'spawn' })
    expect(errors).toEqual([new Error('counter is not loaded')])
  })
})
