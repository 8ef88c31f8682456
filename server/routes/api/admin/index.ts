import compress from '@fastify/compress'
import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod/mini'
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
  // A project's calls answer 404 to whoever may not reach it (PRODUCT.md §18), before its input
  // is read: a manager cannot tell a project it is not assigned from one that does not exist.
  // An id that is no UUID is left to the params' check (404 too).
  app.addHook('onRequest', async (request) => {
    const { clientId } = request.params as { clientId?: unknown }
    if (request.identity && typeof clientId === 'string' && z.uuid().safeParse(clientId).success)
      await app.assignments.reach(request.identity, clientId)
  })
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
