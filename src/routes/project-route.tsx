import { OwnerProjectView } from '../features/builder/project-views'
import { ProjectPage } from '../features/admin/project-page'
import { ManagerMessages } from '../features/messages/manager-messages'

/** A project of the Projects: the back office's page around the owner's own views. */
export const ProjectRoute = () => (
  <ProjectPage OwnerView={OwnerProjectView} Messages={ManagerMessages} />
)
