/** The public and sign-in calls: the only ones the landing pages load. */
import { z } from 'zod/mini'
import {
  EditStatusBody,
  EditStatusData,
  LoginBody,
  LoginData,
  NoBody,
  OnboardingBody,
  RefreshData,
  SessionData,
  StagesData,
  ValidateBody,
  ValidateData,
  VerifyBody,
} from '../api'

import type { RouteDef } from './types'

export const authRoutes = {
  stages: {
    method: 'GET',
    path: '/api',
    access: 'public',
    summary: 'The priced build stages, each with its design tip',
    data: StagesData,
  },
  validate: {
    method: 'POST',
    path: '/api/validate',
    access: 'public',
    summary: 'Whether we build in a city',
    body: ValidateBody,
    data: ValidateData,
  },
  login: {
    method: 'POST',
    path: '/api/login',
    access: 'public',
    summary: 'Email a one-time sign-in code',
    description: 'The same answer for every well-formed email, known or not.',
    body: LoginBody,
    data: LoginData,
  },
  verify: {
    method: 'POST',
    path: '/api/verify',
    access: 'public',
    summary: 'Sign in with the emailed code',
    body: VerifyBody,
    data: SessionData,
    tempToken: true,
  },
  onboarding: {
    method: 'POST',
    path: '/api/onboarding',
    access: 'public',
    summary: 'Create a client account with the emailed code',
    body: OnboardingBody,
    data: SessionData,
    tempToken: true,
  },
  refresh: {
    method: 'POST',
    path: '/api/refresh',
    access: 'public',
    summary: 'A new access token for the refresh cookie (which is rotated)',
    body: NoBody,
    data: RefreshData,
  },
  logout: {
    method: 'POST',
    path: '/api/logout',
    access: 'public',
    summary: 'End the session: revoke the refresh token, clear the cookies',
    body: NoBody,
    data: z.null(),
  },
  editStatus: {
    method: 'PUT',
    path: '/api/edit-status',
    access: 'client',
    summary: 'Join or leave the waiting list',
    body: EditStatusBody,
    data: EditStatusData,
  },
} as const satisfies Record<string, RouteDef>
