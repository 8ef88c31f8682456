import type { PoolData } from '../../contract'
import type { ClientContext, ClientDraft } from './client.types'

/**
 * The client's context before any data: what the session keeps of a client across a sign-out
 * needs no more, so this module imports types only and stays out of the client machine's chunk.
 */

export const emptyPoolData = (): PoolData => ({
  poolChoices: [],
  nonStages: [],
  BuilderRequested: false,
  PermitFee: null,
  ManagerRequests: [],
})

export const initialClientContext = (): ClientContext => ({
  Flag: false,
  isOpen: true,
  poolData: emptyPoolData(),
  Engineers: [],
  Managers: [],
  draft: null,
})

/** What is kept of a client whose session ended with an edit in flight: that edit alone. */
export const keptDraft = (draft: ClientDraft): ClientContext => ({
  ...initialClientContext(),
  draft,
})
