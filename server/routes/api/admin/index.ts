import compress from '@fastify/compress'
import type { FastifyPluginAsync } from 'fastify'
import adminRoutes from './admins'
import cityRoutes from './cities'
import clientRoutes from './clients'
import directoryRoutes from './directory'
import fetchRoutes from './fetch'
import projectRoutes from './projects'
import projectThreadRoutes from './project-threads'
import requestRoutes from './requests'
import scheduleRoutes from './schedule'
import scopeRoutes from './scope'
import checklistRoutes from './checklists'
import stageRoutes from './stages'

/**
 * Every call of the back office, under /api/admin: each route declares access 'admin', or
 * 'staff' and 'manager' for the Projects a manager reaches too.
 */
const backOfficeRoutes: FastifyPluginAsync = async (app) => {
  // The back office's data grows with the client base (megabytes at 10,000 clients): gzip it,
  // here only. The app's assets are compressed at build time; small answers are left alone.
  await app.register(compress, { encodings: ['gzip', 'deflate'], threshold: 1024 })
  for (const routes of [
    fetchRoutes,
    clientRoutes,
    adminRoutes,
    cityRoutes,
    directoryRoutes,
    stageRoutes,
    requestRoutes,
    scheduleRoutes,
    scopeRoutes,
    checklistRoutes,
    projectRoutes,
    projectThreadRoutes,
  ]) {
    await app.register(routes)
  }
}

export default backOfficeRoutes
