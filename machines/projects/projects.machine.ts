import { assertEvent, assign, fromPromise, raise, setup, type ActorRefFrom } from 'xstate'
import { z } from 'zod/mini'
import { ProjectRow } from '../../contract/projects'
import { callFailure } from '../shared/call-failure'
import { unprovided } from '../ports'
import type {
  EnterQuoteCall,
  EnteredQuote,
  ProjectData,
  ProjectsContext,
  ProjectsData,
  ProjectsEvent,
  ProjectsInput,
  ProjectsMachineContext,
} from './projects.types'

const StoredProjects = z.object({ projects: z.nullable(z.array(ProjectRow)), isOpen: z.boolean() })

/** Storage outlives releases: a saved state of another shape is dropped, and the next read fills it. */
export function parseProjectsContext(stored: unknown): ProjectsContext | null {
  const parsed = StoredProjects.safeParse(stored)
  return parsed.success ? parsed.data : null
}

const toStored = ({ projects, isOpen }: ProjectsMachineContext): ProjectsContext => ({
  projects,
  isOpen,
})

/** Every change of what is saved hands it to `persist`, read after the update. */
const persistContext = {
  type: 'persist',
  params: ({ context }: { context: ProjectsMachineContext }) => toStored(context),
} as const

const messageOf = (error: unknown, fallback: string) => {
  const { detail }: { detail?: unknown } = Object(error)
  return typeof detail === 'string' && detail ? detail : fallback
}

const LIST_FAILED = 'The projects could not be loaded.'
const PROJECT_FAILED = 'This project could not be loaded.'
const QUOTE_FAILED = 'The bid could not be saved. Please try again.'

/**
 * The back office's Projects (PRODUCT.md §18): the list, read when the actor starts and again
 * on demand; the one project a page shows; and a manager's phoned-in bid, after which that
 * project is read again. The server decides what each role sees. Spawned by the session for a
 * MANAGER and beside the admin actor for an ADMIN; the list is saved under `projects`.
 */
export const projectsMachine = setup({
  types: {
    context: {} as ProjectsMachineContext,
    events: {} as ProjectsEvent,
    input: {} as ProjectsInput,
    tags: {} as 'loadingList' | 'loadingProject' | 'busy',
  },
  actors: {
    /** Port: GET /api/admin/projects. */
    fetchProjects: fromPromise<ProjectsData>(async () => {
      throw new Error('fetchProjects not provided')
    }),
    /** Port: GET /api/admin/projects/{clientId}. */
    fetchProject: fromPromise<ProjectData, { clientId: string }>(async () => {
      throw new Error('fetchProject not provided')
    }),
    /** Port: POST /api/admin/projects/{clientId}/quotes; rejects with the server's problem. */
    enterQuote: fromPromise<EnteredQuote, EnterQuoteCall>(async () => {
      throw new Error('enterQuote not provided')
    }),
  },
  actions: {
    storeProjects: assign((_, params: { projects: ProjectsData }) => ({
      projects: params.projects,
      listError: null,
    })),
    storeListError: assign((_, params: { error: unknown }) => ({
      listError: messageOf(params.error, LIST_FAILED),
    })),
    /** Another project than the one shown: nothing of the old one stays on its page. */
    openProject: assign(({ context }, params: { clientId: string }) =>
      params.clientId === context.clientId
        ? { projectError: null }
        : { clientId: params.clientId, project: null, projectError: null, failure: null },
    ),
    storeProject: assign((_, params: { project: ProjectData }) => ({ project: params.project })),
    storeProjectError: assign((_, params: { error: unknown }) => ({
      projectError: messageOf(params.error, PROJECT_FAILED),
    })),
    startQuote: assign((_, params: { call: EnterQuoteCall }) => ({
      pending: params.call,
      failure: null,
    })),
    storeQuoteFailure: assign(({ context }, params: { error: unknown }) => ({
      pending: null,
      failure: context.pending && callFailure(context.pending, params.error, QUOTE_FAILED),
    })),
    /** The entered quote shows once the project is read again. */
    reloadProject: raise(({ context }) => ({
      type: 'project.opened' as const,
      clientId: context.pending?.clientId ?? '',
    })),
    endQuote: assign({ pending: null }),
    toggleSidebar: assign(({ context }) => ({ isOpen: !context.isOpen })),
    /** Port: the app saves the list to IndexedDB under `projects`. Tests record it. */
    persist: (_, _stored: ProjectsContext) => unprovided('persist'),
  },
  guards: {
    /** The quote was entered on the project the page shows. */
    isShownProject: ({ context }) => context.pending?.clientId === context.clientId,
  },
}).createMachine({
  id: 'projects',
  context: ({ input }) => ({
    projects: input.restored?.projects ?? null,
    isOpen: input.restored?.isOpen ?? true,
    listError: null,
    clientId: null,
    project: null,
    projectError: null,
    pending: null,
    failure: null,
  }),
  type: 'parallel',
  states: {
    list: {
      initial: 'loading',
      on: { 'projects.refreshRequested': '.loading' },
      states: {
        loading: {
          tags: ['loadingList'],
          invoke: {
            src: 'fetchProjects',
            onDone: {
              target: 'ready',
              actions: [
                { type: 'storeProjects', params: ({ event }) => ({ projects: event.output }) },
                persistContext,
              ],
            },
            onError: {
              target: 'failed',
              actions: { type: 'storeListError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        ready: {},
        failed: {},
      },
    },
    project: {
      initial: 'closed',
      on: {
        'project.opened': {
          target: '.loading',
          reenter: true,
          actions: {
            type: 'openProject',
            params: ({ event }) => ({ clientId: event.clientId }),
          },
        },
      },
      states: {
        closed: {},
        loading: {
          tags: ['loadingProject'],
          invoke: {
            src: 'fetchProject',
            input: ({ event }) => {
              assertEvent(event, 'project.opened')
              return { clientId: event.clientId }
            },
            onDone: {
              target: 'shown',
              actions: { type: 'storeProject', params: ({ event }) => ({ project: event.output }) },
            },
            onError: {
              target: 'failed',
              actions: {
                type: 'storeProjectError',
                params: ({ event }) => ({ error: event.error }),
              },
            },
          },
        },
        shown: {},
        failed: {},
      },
    },
    quote: {
      initial: 'ready',
      states: {
        ready: {
          on: {
            'quote.entered': {
              target: 'entering',
              actions: { type: 'startQuote', params: ({ event }) => ({ call: event.call }) },
            },
          },
        },
        entering: {
          tags: ['busy'],
          invoke: {
            src: 'enterQuote',
            input: ({ event }) => {
              assertEvent(event, 'quote.entered')
              return event.call
            },
            onDone: [
              { guard: 'isShownProject', target: 'ready', actions: ['reloadProject', 'endQuote'] },
              { target: 'ready', actions: 'endQuote' },
            ],
            onError: {
              target: 'ready',
              actions: {
                type: 'storeQuoteFailure',
                params: ({ event }) => ({ error: event.error }),
              },
            },
          },
        },
      },
    },
  },
  on: {
    'layout.sidebarToggled': { actions: ['toggleSidebar', persistContext] },
  },
})

export type ProjectsActor = ActorRefFrom<typeof projectsMachine>
export type * from './projects.types'
