/**
 * The back office's Projects (PRODUCT.md §18): an admin reads every project, a manager its
 * assigned ones (any other answers 404); a manager enters a phoned-in bid and writes on the
 * project's threads.
 */
import { z } from 'zod/mini'
import { NoBody } from '../api'
import { EntryData } from '../api-client'
import { Message, MessageBody, MessagesQuery, ThreadId, ThreadSummary } from '../messages'
import { EnteredQuoteBody, ProjectParams, ProjectRow, ProjectView } from '../projects'
import { ProblemCode } from '../problem'
import type { RouteDef } from './types'

export const ProjectThreadParams = z.strictObject({
  clientId: z.uuid('Unknown project'),
  thread: ThreadId,
})

export const projectRoutes = {
  projects: {
    method: 'GET',
    path: '/api/admin/projects',
    access: 'staff',
    data: z.array(ProjectRow),
  },
  project: {
    method: 'GET',
    path: '/api/admin/projects/:clientId',
    access: 'staff',
    params: ProjectParams,
    data: ProjectView,
  },
  enterQuote: {
    method: 'POST',
    path: '/api/admin/projects/:clientId/quotes',
    access: 'manager',
    params: ProjectParams,
    body: EnteredQuoteBody,
    data: EntryData,
    statuses: [201],
    refuses: { 404: [ProblemCode.notFound], 409: [ProblemCode.conflict] },
  },
  projectThreads: {
    method: 'GET',
    path: '/api/admin/projects/:clientId/threads',
    access: 'staff',
    params: ProjectParams,
    data: z.array(ThreadSummary),
  },
  projectMessages: {
    method: 'GET',
    path: '/api/admin/projects/:clientId/threads/:thread/messages',
    access: 'staff',
    params: ProjectThreadParams,
    query: MessagesQuery,
    data: z.array(Message),
  },
  postProjectMessage: {
    method: 'POST',
    path: '/api/admin/projects/:clientId/threads/:thread/messages',
    access: 'manager',
    params: ProjectThreadParams,
    body: MessageBody,
    data: Message,
    statuses: [201],
  },
  readProjectThread: {
    method: 'PUT',
    path: '/api/admin/projects/:clientId/threads/:thread/read',
    access: 'staff',
    params: ProjectThreadParams,
    body: NoBody,
    data: ThreadSummary,
  },
} as const satisfies Record<string, RouteDef>
