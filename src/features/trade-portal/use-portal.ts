import { useSelector } from '@xstate/react'
import { createContext, useContext, useEffect, useState } from 'react'
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

/**
 * Hears whether an answer's form ("Decline", "Propose other dates") is open: the page then sets
 * its messages aside, so the form's "Send" is the only one on it.
 */
export const AnswerFormContext = createContext<(open: boolean) => void>(() => {})

/** An answer form's open state, told to the page as it changes and when the form goes. */
export function useAnswerForm(): [boolean, (open: boolean) => void] {
  const report = useContext(AnswerFormContext)
  const [open, setOpen] = useState(false)
  useEffect(() => {
    report(open)
    return () => report(false)
  }, [open, report])
  return [open, setOpen]
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
