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

import type { RouteDef } from './types'

export const authRoutes = {
  stages: {
    method: 'GET',
    path: '/api',
    access: 'public',
    data: StagesData,
  },
  login: {
    method: 'POST',
    path: '/api/login',
    access: 'public',
    body: LoginBody,
    data: LoginData,
    accept: LoginAnswer,
  },
  verify: {
    method: 'POST',
    path: '/api/verify',
    access: 'public',
    body: VerifyBody,
    data: SessionData,
    accept: SessionAnswer,
    tempToken: true,
  },
  refresh: {
    method: 'POST',
    path: '/api/refresh',
    access: 'public',
    body: NoBody,
    data: RefreshData,
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
