import { STATUS_CODES } from 'node:http'
import { ProblemCode, type Problem } from '../../contract/problem'

/** An error that is safe to show: it becomes the problem+json answer as it is. */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly extra: Pick<Problem, 'errors' | 'triesLeft'> & { retryAfter?: number } = {},
  ) {
    super(detail)
  }
}

export const problemBody = (
  status: number,
  code: string,
  detail: string,
  extra: Pick<Problem, 'errors' | 'triesLeft'> = {},
): Problem => ({
  type:
    code === ProblemCode.internal
      ? 'about:blank'
      : `/problems/${code.toLowerCase().replace(/_/g, '-')}`,
  title: STATUS_CODES[status] ?? 'Error',
  status,
  detail,
  code,
  ...extra,
})

export const badRequest = (
  errors: Record<string, string[]>,
  detail = 'Some fields need attention.',
) => new HttpProblem(400, ProblemCode.validation, detail, { errors })
export const unauthenticated = (
  detail = 'Sign in to continue.',
  code: string = ProblemCode.unauthenticated,
) => new HttpProblem(401, code, detail)
export const forbidden = (detail = 'You do not have access to this.') =>
  new HttpProblem(403, ProblemCode.forbidden, detail)
export const notFound = (detail = 'Not found.', code: string = ProblemCode.notFound) =>
  new HttpProblem(404, code, detail)
export const conflict = (detail: string, code: string = ProblemCode.conflict) =>
  new HttpProblem(409, code, detail)
