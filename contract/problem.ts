import { z } from 'zod/mini'

/** RFC 9457 problem details, as every error of the API is answered. */
export const Problem = z.object({
  type: z.string(),
  title: z.string(),
  status: z.int(),
  detail: z.string(),
  code: z.string(),
  errors: z.optional(z.record(z.string(), z.array(z.string()))),
  triesLeft: z.optional(z.int()),
})
export type Problem = z.infer<typeof Problem>

/** The machine-readable codes a client may branch on. */
export const ProblemCode = {
  validation: 'VALIDATION_FAILED',
  unauthenticated: 'UNAUTHENTICATED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  rateLimited: 'RATE_LIMITED',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  crossSite: 'CROSS_SITE_REQUEST',
  accountNotFound: 'ACCOUNT_NOT_FOUND',
  accountExists: 'ACCOUNT_EXISTS',
  /** A manager's email that a client or an admin signs in with, or the other way round. */
  emailInUse: 'EMAIL_IN_USE',
  tempTokenInvalid: 'TEMP_TOKEN_INVALID',
  codeInvalid: 'CODE_INVALID',
  codeExpired: 'CODE_EXPIRED',
  codeUsed: 'CODE_USED',
  codeSuperseded: 'CODE_SUPERSEDED',
  codeLocked: 'CODE_LOCKED',
  refreshInvalid: 'REFRESH_INVALID',
  internal: 'INTERNAL',
} as const
export type ProblemCode = (typeof ProblemCode)[keyof typeof ProblemCode]

/** How a sign-in code is refused (401): by the sign-in, the sign-up and a trade's sign-in. */
export const CODE_PROBLEMS = [
  ProblemCode.codeInvalid,
  ProblemCode.codeExpired,
  ProblemCode.codeUsed,
  ProblemCode.codeSuperseded,
  ProblemCode.codeLocked,
  ProblemCode.tempTokenInvalid,
] as const

/**
 * The codes of a request whose address cannot be read, beside the general ones: no screen makes
 * such a request, so the app does not load them.
 */
export const UrlProblemCode = {
  /** A path that is not valid percent-encoding (400). */
  badUrl: 'BAD_URL',
  /** A path parameter longer than any id or slug (414). */
  uriTooLong: 'URI_TOO_LONG',
} as const
