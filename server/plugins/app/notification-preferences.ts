import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { NotificationPreferences } from '../../../contract'
import { notificationPreferences } from '../../db/schema'

/** Which emails a client wants (PRODUCT.md §9): every kind is on until they turn it off. */
export type NotificationPreferencesRepository = {
  get(clientId: string): Promise<NotificationPreferences>
  set(clientId: string, preferences: NotificationPreferences): Promise<NotificationPreferences>
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
}

const preferencesOf = (row: NotificationPreferences): NotificationPreferences => ({
  inspectionReminders: row.inspectionReminders,
  stepUpdates: row.stepUpdates,
  warrantyReminders: row.warrantyReminders,
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

    app.decorate('notificationPreferences', { get, set })
  },
  { name: 'notification-preferences', dependencies: ['db', 'core'] },
)
