import { useLoaderData, useParams } from '@tanstack/react-router'
import { TradePortalPage } from '../features/trade-portal/trade-portal-page'

/**
 * /t/$token: the trade portal, its own lazy chunk. It composes the portal's own port (never the
 * app's session or its access token), which the route loads, with its page.
 */
export function TradePortalRoute() {
  const { token } = useParams({ from: '/t/$token' })
  const ports = useLoaderData({ from: '/t/$token' })
  return <TradePortalPage key={token} token={token} ports={ports} />
}
