// Driver level: PostgreSQL's LISTEN on a connection of its own (PGlite hears in process, see
// client.ts). What may change here: how the connection is kept and opened again. What may not:
// `listening` only once notifications are heard, and `lost` whenever they may be missed, which
// the data version relies on to stop answering 304 from memory (tests/server/data-version).
import pg from 'pg'

/** What one server hears on a channel of the database's notifications. */
export type ChannelHandlers = {
  notify(payload: string): void
  /** From now on every notification is heard: what came before may have been missed. */
  listening(): void
  /** The connection is gone: notifications may be missed until `listening` again. */
  lost(): void
}

/** Stops listening. */
export type Unlisten = () => Promise<void>

/** A lost connection is opened again after this long (and this long again while it fails). */
export const RELISTEN_MS = 500

/** Names this connection in pg_stat_activity (a test ends it to check the fallback). */
export const LISTENER_APPLICATION_NAME = 'poolpath-listener'

/**
 * One connection of its own that LISTENs on `channel` (a pooled one would be handed to other
 * queries), opened again whenever it is lost or cannot be opened, until `unlisten`.
 */
export async function listenPostgres(
  url: string,
  channel: string,
  handlers: ChannelHandlers,
): Promise<Unlisten> {
  let stopped = false
  let client: pg.Client | null = null
  let retry: NodeJS.Timeout | undefined

  const retryLater = () => {
    if (!stopped) retry = setTimeout(() => void connect().catch(retryLater), RELISTEN_MS)
  }

  const connect = async () => {
    const opened = new pg.Client({
      connectionString: url,
      application_name: LISTENER_APPLICATION_NAME,
      keepAlive: true,
    })
    let live = false
    const onGone = () => {
      if (!live || stopped) return
      live = false
      client = null
      handlers.lost()
      retryLater()
    }
    opened.on('notification', (message) => {
      if (message.channel === channel) handlers.notify(message.payload ?? '')
    })
    opened.on('error', onGone)
    opened.on('end', onGone)
    try {
      await opened.connect()
      await opened.query(`LISTEN ${pg.escapeIdentifier(channel)}`)
    } catch (error) {
      await opened.end().catch(() => undefined)
      throw error
    }
    if (stopped) return void (await opened.end())
    live = true
    client = opened
    handlers.listening()
  }

  await connect().catch(retryLater)
  return async () => {
    stopped = true
    clearTimeout(retry)
    await client?.end()
  }
}
