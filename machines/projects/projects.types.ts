import type { CallData, NamedCall } from '../../contract/routes'
import type { ProjectRow, ProjectView } from '../../contract/projects'
import type { CallFailure } from '../shared/call-failure'

/** What is saved under `projects`: the list the server answered, and the sidebar's state. */
export type ProjectsContext = {
  projects: ProjectRow[] | null
  /** Whether the area's sidebar is open on a phone, kept so the layout comes back as it was. */
  isOpen: boolean
}

/** A manager's phoned-in bid (PRODUCT.md §18), as the project page sends it. */
export type EnterQuoteCall = NamedCall<'enterQuote'>

export type ProjectsMachineContext = ProjectsContext & {
  /** Why the last read of the list failed; the list from before stays on screen. */
  listError: string | null
  /** The project the page shows, by client id, and what the server answered for it. */
  clientId: string | null
  project: ProjectView | null
  projectError: string | null
  /** The bid being entered, and the last one refused with its field messages. */
  pending: EnterQuoteCall | null
  failure: CallFailure<EnterQuoteCall> | null
}

export type ProjectsInput = { restored?: ProjectsContext | null }

export type ProjectsEvent =
  | { type: 'projects.refreshRequested' }
  | { type: 'project.opened'; clientId: string }
  | { type: 'quote.entered'; call: EnterQuoteCall }
  | { type: 'layout.sidebarToggled' }

/** The Projects' calls, as the `projectsCall` port of the app takes them and answers them. */
export type ProjectsCallName = 'projects' | 'project' | 'enterQuote'
export type ProjectsCall = NamedCall<ProjectsCallName>
export type ProjectsCallResult = {
  [N in ProjectsCallName]: { name: N; data: CallData<N> }
}[ProjectsCallName]

export type ProjectsData = CallData<'projects'>
export type ProjectData = CallData<'project'>
export type EnteredQuote = CallData<'enterQuote'>
