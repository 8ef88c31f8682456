import type { AdminClient, UserData } from '../../contract'
import type { NamedCall } from '../../contract/routes'
import type { ProjectsCallName } from '../../machines/projects/projects.types'
import type { NamedAnswer } from '../../src/adapters/api/caller'
import { ApiError } from '../../src/adapters/api/api-error'
import { STAGES } from '../app/builder/harness'
import { projectRow, projectView } from '../machines/project-fixtures'

/**
 * The Projects' calls (PRODUCT.md §18) of the fake server: the one project, `owner`'s, which
 * the manager manages; an admin reads it too, anyone else is refused as the real routes refuse.
 */
export function createFakeProjects(owner: AdminClient, managerName: string) {
  const row = projectRow(2, {
    clientId: owner.id,
    owner: owner.name,
    city: owner.city,
    state: owner.state,
    managers: [managerName],
  })
  const view = () => {
    const base = projectView(2, STAGES)
    return { ...base, overview: { ...base.overview, client: owner } }
  }
  return async <K extends ProjectsCallName>(
    user: UserData,
    call: NamedCall<K>,
  ): Promise<NamedAnswer<K>> => {
    if (user.role === 'CLIENT')
      throw new ApiError({ status: 403, code: 'FORBIDDEN', detail: 'Only staff can do this.' })
    const answer = (): NamedAnswer<ProjectsCallName> => {
      switch (call.name) {
        case 'projects':
          return { name: 'projects', data: [row] }
        case 'project':
          if ('clientId' in call && call.clientId === owner.id)
            return { name: 'project', data: view() }
          throw new ApiError({ status: 404, code: 'NOT_FOUND', detail: 'No such project.' })
        default:
          throw new ApiError({ status: 409, code: 'CONFLICT', detail: 'Not in these paths.' })
      }
    }
    return answer() as NamedAnswer<K>
  }
}
