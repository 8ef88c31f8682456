import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { NotificationPreferences, NotificationSwitch } from '../../../../contract'
import { clients, notificationPreferences } from '../../../db/schema'

/** Which emails a client wants (PRODUCT.md §9): every kind is on until they turn it off. */
export type NotificationPreferencesRepository = {
  get(clientId: string): Promise<NotificationPreferences>
  set(clientId: string, preferences: NotificationPreferences): Promise<NotificationPreferences>
  /** Whether `clientId` is a client (an unsubscribe link outlives a deleted account). */
  exists(clientId: string): Promise<boolean>
  turnOff(clientId: string, name: NotificationSwitch): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    notificationPreferences: NotificationPreferencesRepository
  }
}

const ALL_ON: NotificationPreferences = {
  inspectionReminders: true,
  stepUpdates: true,
  warrantyReminders: true,
  tradeInsurance: true,
}

const preferencesOf = (row: NotificationPreferences): NotificationPreferences => ({
  inspectionReminders: row.inspectionReminders,
  stepUpdates: row.stepUpdates,
  warrantyReminders: row.warrantyReminders,
  tradeInsurance: row.tradeInsurance,
})

export default fp(
  async function notificationPreferencesRepository(app: FastifyInstance) {
    const get: NotificationPreferencesRepository['get'] = async (clientId) => {
      const [row] = await app.db
        .select()
        .from(notificationPreferences)
        .where(eq(notificationPreferences.clientId, clientId))
      return row ? preferencesOf(row) : ALL_ON
    }

    const set: NotificationPreferencesRepository['set'] = async (clientId, preferences) => {
      const values = { ...preferencesOf(preferences), updatedAt: app.clock() }
      const [row] = await app.db
        .insert(notificationPreferences)
        .values({ clientId, ...values })
        .onConflictDoUpdate({ target: notificationPreferences.clientId, set: values })
        .returning()
      if (!row) throw new Error('notification preferences upsert returned nothing')
      return preferencesOf(row)
    }

    const exists: NotificationPreferencesRepository['exists'] = async (clientId) => {
      const found = await app.db
        .select({ id: clients.userId })
        .from(clients)
        .where(eq(clients.userId, clientId))
      return found.length > 0
    }

    const turnOff: NotificationPreferencesRepository['turnOff'] = async (clientId, name) => {
      const values = { [name]: false, updatedAt: app.clock() }
      await app.db
        .insert(notificationPreferences)
        .values({ clientId, ...values })
        .onConflictDoUpdate({ target: notificationPreferences.clientId, set: values })
    }

    app.decorate('notificationPreferences', { get, set, exists, turnOff })
  },
  { name: 'notification-preferences', dependencies: ['db', 'core'] },
)
