import { keyTo, id } from './columns'
import { clients } from './accounts'

/** The client a row belongs to: removed with the client. */
export const clientId = () => keyTo('client_id', () => clients.userId, 'cascade')

/** The id of a row a client owns, and that client: how every per-client table starts. */
export const ownedByClient = () => ({ id: id(), clientId: clientId() })
