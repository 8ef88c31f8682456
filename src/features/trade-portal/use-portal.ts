import { useSelector } from '@xstate/react'
import { createContext, useContext } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { tradePortalMachine } from '../../../machines/trade-portal/trade-portal.machine'
import type { PortalCall, TradeAnswer } from '../../../machines/trade-portal/trade-portal.types'
import type { FormCall } from '../../components/form/form-call'

export type PortalActor = ActorRefFrom<typeof tradePortalMachine>

export const PortalContext = createContext<PortalActor | null>(null)

export function usePortal(): PortalActor {
  const actor = useContext(PortalContext)
  if (!actor) throw new Error('the trade portal renders inside its PortalContext')
  return actor
}

/** The refusal of one of the portal's calls, while it is the last one. */
export function usePortalFailure(call: PortalCall) {
  return useSelector(usePortal(), (s) =>
    s.context.failure?.call === call ? s.context.failure : null,
  )
}

/** An answer's form call: sent to the portal's actor, busy while that answer is on its way. */
export function useAnswerCall<Kind extends TradeAnswer['kind']>(
  kind: Kind,
): FormCall<Extract<TradeAnswer, { kind: Kind }>> {
  const actor = usePortal()
  const busy = useSelector(
    actor,
    (s) => s.matches({ signedIn: 'answering' }) && s.context.answer?.kind === kind,
  )
  const blocked = useSelector(actor, (s) => s.hasTag('busy'))
  const failure = usePortalFailure(kind)
  return {
    run: (answer) => actor.send({ type: 'trade.answered', answer }),
    busy,
    blocked: blocked && !busy,
    failure,
  }
}
