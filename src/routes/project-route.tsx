import { OwnerProjectView } from '../features/builder/project-views'
import { ProjectPage } from '../features/admin/project-page'

/** A project of the Projects: the back office's page around the owner's own views. */
export const ProjectRoute = () => <ProjectPage OwnerView={OwnerProjectView} />
