import { createContext, useContext, type ReactNode } from 'react'
import type { ThreadsPorts } from '../../machines/messages/threads.types'

/** A project's thread calls, as the signed-in manager or admin makes them. */
export type ProjectThreadPorts = (clientId: string) => ThreadsPorts

const ProjectThreadsContext = createContext<ProjectThreadPorts | null>(null)

export function ProjectThreadsProvider({
  portsFor,
  children,
}: {
  portsFor: ProjectThreadPorts
  children: ReactNode
}) {
  return (
    <ProjectThreadsContext.Provider value={portsFor}>{children}</ProjectThreadsContext.Provider>
  )
}

/** The thread calls on one project (PRODUCT.md §18), for the manager's Messages. */
export function useProjectThreadPorts(): ProjectThreadPorts {
  const portsFor = useContext(ProjectThreadsContext)
  if (!portsFor) throw new Error('useProjectThreadPorts outside ProjectThreadsProvider')
  return portsFor
}
