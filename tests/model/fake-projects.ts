import type { AdminClient, StageEntry, UserData } from '../../contract'
import type { NamedCall } from '../../contract/routes'
import type { ThreadsPorts } from '../../machines/messages/threads.types'
import type {
  ProjectsCall,
  ProjectsCallName,
  ProjectsCallResult,
} from '../../machines/projects/projects.types'
import type { NamedAnswer } from '../../src/adapters/api/caller'
import { ApiError } from '../../src/adapters/api/api-error'
import { STAGES } from '../app/builder/harness'
import type { createFakeMessagesApi } from '../app/builder/messages-fake'
import { projectQuote, projectRow, projectTrade, projectView } from '../machines/project-fixtures'
import { storedFile } from '../support/documents'
import { OWNER_FILE, OWNER_TRADE } from './manager.walk'

/**
 * The Projects' calls (PRODUCT.md §18) of the fake server: the one project, `owner`'s, running
 * late, with a trade and a file of the owner's, which the manager manages; an admin reads it
 * too, anyone else is refused as the real routes refuse. The manager's bids are kept on it, and
 * its threads are the owner's own (`messages`).
 */
export function createFakeProjects(
  owner: AdminClient,
  managerName: string,
  messages: ReturnType<typeof createFakeMessagesApi>,
) {
  const row = projectRow(2, {
    clientId: owner.id,
    owner: owner.name,
    city: owner.city,
    state: owner.state,
    flags: ['LATE'],
    managers: [managerName],
  })
  /** The steps' entries the manager's bids made, by stage id. */
  const entered = new Map<string, StageEntry>()
  const view = () => {
    const base = projectView(2, STAGES, { trades: [projectTrade(1, { company: OWNER_TRADE })] })
    const poolData = {
      ...base.overview.poolData,
      poolChoices: structuredClone([...entered.values()]),
    }
    return {
      ...base,
      overview: { ...base.overview, client: owner, poolData },
      files: [storedFile(1, { kind: 'plan', caption: OWNER_FILE })],
    }
  }
  /** As the real routes: staff only, and a project the caller may reach. */
  const reach = (user: UserData, clientId?: string) => {
    if (user.role === 'CLIENT')
      throw new ApiError({ status: 403, code: 'FORBIDDEN', detail: 'Only staff can do this.' })
    if (clientId !== undefined && clientId !== owner.id)
      throw new ApiError({ status: 404, code: 'NOT_FOUND', detail: 'No such project.' })
  }
  const enterQuote = (call: NamedCall<'enterQuote'>) => {
    const stage = STAGES.find((each) => each.slug === call.body.step)
    if (!stage) throw new ApiError({ status: 409, code: 'CONFLICT', detail: 'Not in these paths.' })
    const { vendor, amount, note = '' } = call.body
    const quotes = entered.get(stage.id)?.quotes ?? []
    const quote = projectQuote(quotes.length + 1, { vendor, amount, note, enteredBy: managerName })
    const entry: StageEntry = {
      StageId: stage.id,
      choices: {},
      done: false,
      doneAt: null,
      quotes: [...quotes, quote],
    }
    entered.set(stage.id, entry)
    return entry
  }
  const answer = (user: UserData, request: ProjectsCall): ProjectsCallResult => {
    switch (request.name) {
      case 'projects':
        reach(user)
        return { name: 'projects', data: [row] }
      case 'project':
        reach(user, request.clientId)
        return { name: 'project', data: view() }
      case 'enterQuote':
        reach(user, request.clientId)
        return { name: 'enterQuote', data: enterQuote(request) }
    }
  }
  const call = async <K extends ProjectsCallName>(
    user: UserData,
    request: NamedCall<K>,
  ): Promise<NamedAnswer<K>> => answer(user, request as ProjectsCall) as NamedAnswer<K>
  /** The project's threads as its manager reads and writes them: the owner's threads. */
  const threads = (user: () => UserData, clientId: string): ThreadsPorts => {
    const handle = async (request: Parameters<typeof messages.handle>[0]) => {
      reach(user(), clientId)
      return messages.handle(request)
    }
    return {
      threads: async () => {
        const answer = await handle({ name: 'threads' })
        return answer.name === 'threads' ? answer.data : null
      },
      messages: async (thread, query) => {
        const answer = await handle({ name: 'threadMessages', thread, query })
        return answer.name === 'threadMessages' ? answer.data : []
      },
      post: async (thread, body) => {
        const answer = await handle({ name: 'postMessage', thread, body })
        if (answer.name !== 'postMessage') throw new Error('no message was posted')
        return answer.data
      },
      read: async (thread) => {
        const answer = await handle({ name: 'readThread', thread })
        return answer.name === 'readThread' ? answer.data : null
      },
    }
  }
  return { call, threads }
}
