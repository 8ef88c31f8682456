import { createContext, useContext, type ReactNode } from 'react'
import type { SessionActor } from '../../machines/session/session.machine'

const SessionContext = createContext<SessionActor | null>(null)

export function SessionProvider({ actor, children }: { actor: SessionActor; children: ReactNode }) {
  return <SessionContext.Provider value={actor}>{children}</SessionContext.Provider>
}

/** The session actor; screens send it events and read it through narrow `useSelector`s. */
export function useSessionActor(): SessionActor {
  const actor = useContext(SessionContext)
  if (!actor) throw new Error('useSessionActor outside SessionProvider')
  return actor
}
