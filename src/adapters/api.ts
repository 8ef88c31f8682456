import { z } from 'zod/mini'
import {
  EditStatusData,
  LoginData,
  RefreshData,
  RequestBuilderData,
  RequestManagerData,
  SessionData,
  StagesData,
  ValidateData,
  type AddQuote1Body,
  type AddQuoteBody,
  type EditPoolBody,
  type EditStatusBody,
  type LoginBody,
  type MarkDone1Body,
  type MarkDoneBody,
  type OnboardingBody,
  type QuoteRefBody,
  type RequestManagerBody,
  type ValidateBody,
  type VerifyBody,
} from '../../contract/api'
import { NonStageEntry, PoolEntry, StageEntry } from '../../contract/domain'
import { createAdminApi } from './api-admin'
import { createHttp, LOGIN_RETRY, type HttpOptions } from './http'

export { ApiError, isApiError, type ApiErrorCode } from './api-error'
export { API_TIMEOUT_MS } from './http'

/** What a form sends: the contract's request schemas before their transforms. */
type In<T extends z.ZodMiniType> = z.input<T>

/** The session machine's marker for "the temp token is in a cookie, send no header" (seed §4). */
export const TEMP_TOKEN_COOKIE_MARKER = 'cookie'

const tempTokenHeader = (tempToken: string | null): Record<string, string> =>
  tempToken && tempToken !== TEMP_TOKEN_COOKIE_MARKER ? { 'Temp-Token': tempToken } : {}

export type ApiOptions = HttpOptions
export type Api = ReturnType<typeof createApi>

/**
 * The API port (PRODUCT.md §4): one typed function per call. Each resolves to the call's
 * `Data` checked against the contract, or rejects with an ApiError. The last parameter of
 * each is an optional AbortSignal (the `signal` XState hands to a promise actor).
 */
export function createApi(options: ApiOptions) {
  const http = createHttp(options)
  const { send } = http
  type Signal = AbortSignal | undefined

  return {
    /** GET /api: the priced stages with their design tips, in build order. */
    stages: async (signal?: Signal) => {
      const stages = await send('get', '', StagesData, { signal })
      return [...stages].sort((a, b) => a.order - b.order)
    },
    validate: (body: In<typeof ValidateBody>, signal?: Signal) =>
      send('post', 'validate', ValidateData, { json: body, signal }),
    login: (body: In<typeof LoginBody>, signal?: Signal) =>
      send('post', 'login', LoginData, { json: body, signal, retry: LOGIN_RETRY }),
    verify: (body: In<typeof VerifyBody>, tempToken: string | null, signal?: Signal) =>
      send('post', 'verify', SessionData, {
        json: body,
        headers: tempTokenHeader(tempToken),
        signal,
      }),
    onboarding: (body: In<typeof OnboardingBody>, tempToken: string | null, signal?: Signal) =>
      send('post', 'onboarding', SessionData, {
        json: body,
        headers: tempTokenHeader(tempToken),
        signal,
      }),
    /** Uses the httpOnly refresh cookie; no body. */
    refresh: (signal?: Signal) => send('post', 'refresh', RefreshData, { signal }),
    logout: async (signal?: Signal): Promise<void> => {
      await send('post', 'logout', z.null(), { signal })
    },
    editStatus: (body: In<typeof EditStatusBody>, signal?: Signal) =>
      send('put', 'edit-status', EditStatusData, { json: body, signal }),

    editPool: (body: In<typeof EditPoolBody>, signal?: Signal) =>
      send('put', 'edit-pool', PoolEntry, { json: body, signal }),
    markDone: (body: In<typeof MarkDoneBody>, signal?: Signal) =>
      send('put', 'mark-done', StageEntry, { json: body, signal }),
    markDone1: (body: In<typeof MarkDone1Body>, signal?: Signal) =>
      send('put', 'mark-done1', NonStageEntry, { json: body, signal }),
    addQuote: (body: In<typeof AddQuoteBody>, signal?: Signal) =>
      send('put', 'add-quote', StageEntry, { json: body, signal }),
    addQuote1: (body: In<typeof AddQuote1Body>, signal?: Signal) =>
      send('put', 'add-quote1', NonStageEntry, { json: body, signal }),
    acceptQuote: (body: In<typeof QuoteRefBody>, signal?: Signal) =>
      send('put', 'accept-quote', PoolEntry, { json: body, signal }),
    removeQuote: (body: In<typeof QuoteRefBody>, signal?: Signal) =>
      send('put', 'remove-quote', PoolEntry, { json: body, signal }),
    requestBuilder: (signal?: Signal) =>
      send('put', 'request-builder', RequestBuilderData, { signal }),
    requestManager: (body: In<typeof RequestManagerBody>, signal?: Signal) =>
      send('post', 'request-manager', RequestManagerData, { json: body, signal }),

    ...createAdminApi(http),
  }
}
