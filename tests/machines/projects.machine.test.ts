import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import type { NonStageEntry, PoolEntry, Quote } from '../../contract'
import {
  parseProjectsContext,
  projectsMachine,
  type EnterQuoteCall,
  type ProjectsContext,
  type ProjectsInput,
} from '../../machines/projects/projects.machine'
import type { ProjectRow, ProjectView } from '../../contract/projects'
import { projectQuote, projectRow, projectView } from './project-fixtures'
import { uuid } from './fixtures'

/** An API failure as the adapters reject with it (an ApiError has these fields). */
const refused = (status: number, detail: string, fieldErrors: Record<string, string[]> = {}) =>
  Object.assign(new Error(detail), { status, code: 'X', detail, fieldErrors })

const designEntry = (quotes: Quote[] = []): NonStageEntry => ({
  Title: 'Pool Design',
  choices: {},
  done: false,
  doneAt: null,
  quotes,
})

type Ports = {
  projects?: () => Promise<ProjectRow[]>
  project?: (clientId: string) => Promise<ProjectView>
  enterQuote?: (call: EnterQuoteCall) => Promise<PoolEntry>
}

function start(ports: Ports = {}, input: ProjectsInput = {}) {
  const saved: ProjectsContext[] = []
  const fetchProjects = vi.fn(ports.projects ?? (async () => [projectRow(2)]))
  const fetchProject = vi.fn(ports.project ?? (async () => projectView(2, [])))
  const enterQuote = vi.fn(ports.enterQuote ?? (async () => designEntry()))
  const machine = projectsMachine.provide({
    actors: {
      fetchProjects: fromPromise(() => fetchProjects()),
      fetchProject: fromPromise(({ input: { clientId } }) => fetchProject(clientId)),
      enterQuote: fromPromise(({ input: call }) => enterQuote(call)),
    },
    actions: { persist: (_, stored) => void saved.push(stored) },
  })
  const actor = createActor(machine, { input }).start()
  const context = () => actor.getSnapshot().context
  const settled = () =>
    waitFor(
      actor,
      (s) => !s.hasTag('loadingList') && !s.hasTag('loadingProject') && !s.hasTag('busy'),
    )
  return { actor, context, saved, settled, fetchProjects, fetchProject, enterQuote }
}

const enter = (clientId: string): EnterQuoteCall => ({
  name: 'enterQuote',
  clientId,
  body: { step: 'excavation', vendor: 'Dig Co', amount: 1_250_000 },
})

describe('the projects actor', () => {
  it('reads the list at once and saves it; a restored list shows until the answer', async () => {
    const restored = { projects: [projectRow(9)], isOpen: true }
    const { actor, context, saved, settled } = start({}, { restored })
    expect(actor.getSnapshot().hasTag('loadingList')).toBe(true)
    expect(context().projects).toEqual([projectRow(9)])
    await settled()
    expect(context().projects).toEqual([projectRow(2)])
    expect(saved).toEqual([{ projects: [projectRow(2)], isOpen: true }])
  })

  it('keeps the list it had when a refresh fails, saying why', async () => {
    let fail = false
    const { actor, context, settled, fetchProjects } = start({
      projects: async () => {
        if (fail) throw refused(500, 'The server is down.')
        return [projectRow(2)]
      },
    })
    await settled()
    fail = true
    actor.send({ type: 'projects.refreshRequested' })
    await settled()
    expect(fetchProjects).toHaveBeenCalledTimes(2)
    expect(context().projects).toEqual([projectRow(2)])
    expect(context().listError).toBe('The server is down.')
  })

  it('opens a project, and another without showing the first meanwhile', async () => {
    const { actor, context, settled, fetchProject } = start()
    actor.send({ type: 'project.opened', clientId: uuid(2) })
    await settled()
    expect(context().clientId).toBe(uuid(2))
    expect(context().project?.overview.client.id).toBe(uuid(2))
    actor.send({ type: 'project.opened', clientId: uuid(3) })
    expect(context().project).toBeNull()
    await settled()
    expect(fetchProject.mock.calls).toEqual([[uuid(2)], [uuid(3)]])
  })

  it('says why a project could not be read (another manager’s answers 404)', async () => {
    const { actor, context, settled } = start({
      project: async () => {
        throw refused(404, 'No such project.')
      },
    })
    actor.send({ type: 'project.opened', clientId: uuid(4) })
    await settled()
    expect(actor.getSnapshot().matches({ project: 'failed' })).toBe(true)
    expect(context().projectError).toBe('No such project.')
  })

  it('enters a bid, then reads the project again to show it', async () => {
    let entered = false
    const { actor, context, settled, enterQuote } = start({
      project: async () =>
        projectView(2, [], {
          poolData: {
            nonStages: entered
              ? [designEntry([projectQuote(1, { enteredBy: 'Max Manager' })])]
              : [],
          },
        }),
      enterQuote: async () => {
        entered = true
        return designEntry()
      },
    })
    actor.send({ type: 'project.opened', clientId: uuid(2) })
    await settled()
    const call = enter(uuid(2))
    actor.send({ type: 'quote.entered', call })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    await settled()
    expect(enterQuote).toHaveBeenCalledWith(call)
    expect(context().pending).toBeNull()
    expect(context().project?.overview.poolData.nonStages[0]?.quotes[0]?.enteredBy).toBe(
      'Max Manager',
    )
  })

  it('keeps a refused bid with its field messages until the next bid', async () => {
    let refuse = true
    const { actor, context, settled } = start({
      enterQuote: async () => {
        if (refuse) throw refused(400, 'Some fields need attention.', { vendor: ['Enter who bid'] })
        return designEntry()
      },
    })
    await settled()
    const call = enter(uuid(2))
    actor.send({ type: 'quote.entered', call })
    await settled()
    expect(context().failure).toEqual({
      call,
      message: 'Some fields need attention.',
      fields: { vendor: ['Enter who bid'] },
    })
    refuse = false
    actor.send({ type: 'quote.entered', call: enter(uuid(2)) })
    expect(context().failure).toBeNull()
    await settled()
    expect(context().failure).toBeNull()
  })

  it('keeps the sidebar’s state, and drops a stored state of another shape', async () => {
    const { actor, saved, settled } = start()
    await settled()
    actor.send({ type: 'layout.sidebarToggled' })
    expect(saved.at(-1)).toEqual({ projects: [projectRow(2)], isOpen: false })
    expect(parseProjectsContext(saved.at(-1))).toEqual(saved.at(-1))
    expect(parseProjectsContext({ projects: 'all', isOpen: true })).toBeNull()
  })
})
