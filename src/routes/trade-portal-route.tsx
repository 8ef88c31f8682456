import { useParams } from '@tanstack/react-router'
import { useState } from 'react'
import { createTradePorts } from '../adapters/api/trade-calls'
import { TradePortalPage } from '../features/trade-portal/trade-portal-page'

/**
 * /t/$token: the trade portal, its own lazy chunk. It composes the portal's own port (never the
 * app's session or its access token) with its page.
 */
export function TradePortalRoute() {
  const { token } = useParams({ from: '/t/$token' })
  const [ports] = useState(createTradePorts)
  return <TradePortalPage key={token} token={token} ports={ports} />
}
