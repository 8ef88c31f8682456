/** The public and sign-in calls: the only ones the landing pages load. */
import { z } from 'zod/mini'
import {
  EditStatusBody,
  EditStatusData,
  LoginAnswer,
  LoginBody,
  LoginData,
  NoBody,
  RefreshData,
  SessionAnswer,
  SessionData,
  StagesData,
  VerifyBody,
} from '../api'

import { CODE_PROBLEMS, ProblemCode } from '../problem'
import type { RouteDef } from './types'

export const authRoutes = {
  stages: {
    method: 'GET',
    path: '/api',
    access: 'public',
    etag: true,
    data: StagesData,
  },
  login: {
    method: 'POST',
    path: '/api/login',
    access: 'public',
    body: LoginBody,
    data: LoginData,
    accept: LoginAnswer,
    refuses: { 429: [ProblemCode.rateLimited] },
  },
  verify: {
    method: 'POST',
    path: '/api/verify',
    access: 'public',
    body: VerifyBody,
    data: SessionData,
    accept: SessionAnswer,
    tempToken: true,
    refuses: {
      401: CODE_PROBLEMS,
      404: [ProblemCode.accountNotFound],
      429: [ProblemCode.rateLimited],
    },
  },
  refresh: {
    method: 'POST',
    path: '/api/refresh',
    access: 'public',
    body: NoBody,
    data: RefreshData,
    refuses: { 401: [ProblemCode.refreshInvalid, ProblemCode.unauthenticated] },
  },
  logout: {
    method: 'POST',
    path: '/api/logout',
    access: 'public',
    body: NoBody,
    data: z.null(),
  },
  editStatus: {
    method: 'PUT',
    path: '/api/edit-status',
    access: 'client',
    body: EditStatusBody,
    data: EditStatusData,
  },
} as const satisfies Record<string, RouteDef>
