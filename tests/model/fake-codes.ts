import { ApiError } from '../../src/adapters/api/api-error'

/** A wrong code's refusal, as the server words it (§4): one try fewer. */
export const wrongCode = (triesLeft: number) =>
  new ApiError({
    status: 401,
    code: 'CODE_INVALID',
    detail: `That code is not right. ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`,
    triesLeft,
  })
