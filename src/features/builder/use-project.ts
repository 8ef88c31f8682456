import { useLoaderData } from '@tanstack/react-router'
import { shallowEqual } from '@xstate/react'
import { useMemo } from 'react'
import type { Manager } from '../../../contract/domain'
import { projectBudget, type ProjectData } from '../../../contract/budget'
import { useClient } from './use-client'

export type Project = ProjectData & { Managers: readonly Manager[] }

/** Everything a builder screen prices with: the stages, the client's pool data and directory. */
export function useProject(): Project {
  const stages = useLoaderData({ from: '/builder' })
  const { poolData, Engineers, Managers } = useClient(
    (snapshot) => ({
      poolData: snapshot.context.poolData,
      Engineers: snapshot.context.Engineers,
      Managers: snapshot.context.Managers,
    }),
    shallowEqual,
  )
  return useMemo(
    () => ({ stages, poolData, Engineers, Managers }),
    [stages, poolData, Engineers, Managers],
  )
}

/** Every step's estimate, accepted quote and done state, recomputed when the data changes. */
export function useBudget() {
  const project = useProject()
  return useMemo(() => projectBudget(project), [project])
}
