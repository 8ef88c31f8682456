import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { ProblemCode, UrlProblemCode, type Problem } from '../../../contract/problem'
import { HttpProblem, problemBody } from '../../lib/problem'

type FieldErrors = Map<string, string[]>

// A Map, not an object: a client may name a field "constructor" or "__proto__".
const addError = (errors: FieldErrors, field: string, message: string) => {
  errors.set(field, [...(errors.get(field) ?? []), message])
}

/** A zod issue as fastify-type-provider-zod passes it on, or as a union holds it. */
type Issue = {
  path: readonly PropertyKey[]
  code: string
  message: string
  keys?: string[]
  /** An `invalid_union`'s issues, one list per option. */
  errors?: Issue[][]
}

/** How far an option of a union is from the body's shape: keys wrong or missing at its top. */
const misfit = (issues: readonly Issue[]) =>
  issues.filter(
    ({ path, code }) =>
      path.length === 0 ||
      (path.length === 1 && (code === 'invalid_type' || code === 'invalid_value')),
  ).length

/**
 * A union's issues as those of the option the body meant (the one it misses least, the first of
 * equals), so `{Title: "Pool Design", choices}` hears about its choices rather than "Invalid
 * input"; every other issue as it is.
 */
function flattened(issue: Issue): Issue[] {
  const options = issue.code === 'invalid_union' ? issue.errors : undefined
  if (!options?.length) return [issue]
  const meant = options.reduce((best, option) => (misfit(option) < misfit(best) ? option : best))
  return meant.flatMap((inner) => flattened({ ...inner, path: [...issue.path, ...inner.path] }))
}

/** Zod issues → { field: [messages] }, with unknown fields named one by one. */
function fieldErrors(
  error: FastifyError & { validation: unknown[] },
  context: string,
): Record<string, string[]> {
  const errors: FieldErrors = new Map()
  const issues = (
    error.validation as { instancePath: string; keyword: string; message: string; params: object }[]
  ).flatMap(({ instancePath, keyword, message, params }) =>
    flattened({ ...params, path: instancePath.split('/').filter(Boolean), code: keyword, message }),
  )
  for (const { path, code, message, keys } of issues) {
    const field = path.map(String).join('.') || context
    if (code === 'unrecognized_keys' && keys) {
      for (const key of keys)
        addError(errors, field === context ? key : `${field}.${key}`, 'Unknown field')
    } else if (code === 'invalid_type' && field === context) {
      addError(errors, context, `Expected a JSON object`)
    } else {
      addError(errors, field, message)
    }
  }
  return Object.fromEntries(errors)
}

// Fastify's own errors for bad requests, mapped to a problem a user can act on.
const FRAMEWORK_ERRORS: Record<string, (request: FastifyRequest) => HttpProblem> = {
  FST_ERR_BAD_URL: () =>
    new HttpProblem(400, UrlProblemCode.badUrl, 'The address is not valid percent-encoding.'),
  FST_ERR_MAX_PARAM_LENGTH: () =>
    new HttpProblem(414, UrlProblemCode.uriTooLong, 'A part of the address is too long.'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: (request) =>
    request.routeOptions.config.multipart
      ? new HttpProblem(
          415,
          ProblemCode.unsupportedMediaType,
          'Send the file as multipart/form-data.',
          {
            errors: { body: ['Content-Type must be multipart/form-data'] },
          },
        )
      : new HttpProblem(
          415,
          ProblemCode.unsupportedMediaType,
          'Send the body as application/json.',
          {
            errors: { body: ['Content-Type must be application/json'] },
          },
        ),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () =>
    new HttpProblem(400, ProblemCode.validation, 'The Content-Length does not match the body.', {
      errors: { body: ['Content-Length does not match the body'] },
    }),
  FST_ERR_CTP_BODY_TOO_LARGE: () =>
    new HttpProblem(413, ProblemCode.payloadTooLarge, 'The request body is too large.', {
      errors: { body: ['The body must be at most 64 KB'] },
    }),
  FST_ERR_CTP_INVALID_JSON_BODY: () =>
    new HttpProblem(400, ProblemCode.validation, 'The body is not valid JSON.', {
      errors: { body: ['Malformed JSON'] },
    }),
}

export function sendProblem(reply: FastifyReply, problem: HttpProblem) {
  if (problem.extra.retryAfter !== undefined)
    reply.header('retry-after', String(problem.extra.retryAfter))
  const { errors, triesLeft } = problem.extra
  const body: Problem = problemBody(problem.status, problem.code, problem.detail, {
    ...(errors ? { errors } : {}),
    ...(triesLeft !== undefined ? { triesLeft } : {}),
  })
  return reply.code(problem.status).type('application/problem+json').send(JSON.stringify(body))
}

function toProblem(error: FastifyError, request: FastifyRequest): HttpProblem | null {
  if (error instanceof HttpProblem) return error
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = (error as { validationContext?: string }).validationContext ?? 'body'
    const errors = fieldErrors(error, context)
    // An id or a slug in the path that names nothing is an unknown id (PRODUCT.md §4): 404.
    if (context === 'params') {
      const detail = `${Object.values(errors).flat().join('. ')}.`
      return new HttpProblem(404, ProblemCode.notFound, detail, { errors })
    }
    return new HttpProblem(400, ProblemCode.validation, 'Some fields need attention.', { errors })
  }
  const framework = error.code ? FRAMEWORK_ERRORS[error.code] : undefined
  if (framework) return framework(request)
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new HttpProblem(
      error.statusCode,
      ProblemCode.validation,
      'The request could not be read.',
    )
  }
  return null
}

/** Every error leaves as problem+json, and a 5xx carries no internals. */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  let problem: HttpProblem | null = null
  try {
    problem = toProblem(error, request)
  } catch (mappingError) {
    // Whatever happens here, the answer stays a plain 500 without internals.
    request.log.error({ err: mappingError }, 'could not map an error to a problem')
  }
  if (problem) return sendProblem(reply, problem)
  request.log.error({ err: error }, 'unhandled error')
  return sendProblem(
    reply,
    new HttpProblem(
      500,
      ProblemCode.internal,
      'Something went wrong on our side. Please try again.',
    ),
  )
}

const SOCKET_STATUS: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
}

/**
 * For Fastify's `clientErrorHandler`: a request Node could not even parse (a malformed request
 * line or header, headers too large, too slow) has no reply, so the problem is written raw, with
 * the security headers every other answer carries.
 */
export function clientError(
  error: Error & { code?: string },
  socket: Socket,
  headers: Record<string, string>,
) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  if (!socket.writable) {
    socket.destroy()
    return
  }
  const status = SOCKET_STATUS[error.code ?? ''] ?? 400
  const body = JSON.stringify(
    problemBody(status, ProblemCode.validation, 'The request could not be read.'),
  )
  const lines = Object.entries({
    ...headers,
    'Content-Type': 'application/problem+json',
    'Content-Length': String(Buffer.byteLength(body)),
    Connection: 'close',
  }).map(([name, value]) => `${name}: ${value}\r\n`)
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join('')}\r\n${body}`)
}

/** One error handler for every route; app.ts gives it the errors raised before routing too. */
export default fp(
  async function errors(app: FastifyInstance) {
    app.setErrorHandler(handleError)
  },
  { name: 'errors' },
)
