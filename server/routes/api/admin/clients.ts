import { and, eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { z } from 'zod/mini'
import {
  cityKey,
  ClientData,
  ClientEditBody,
  DeletedData,
  envelope,
  IdParams,
  NoBody,
  type AdminClient,
} from '../../../../contract'
import type { Tx } from '../../../db/client'
import { clients, users } from '../../../db/schema'
import { adminWrite, EMAIL_TAKEN, found } from './admin-write'
import { adminClients } from './user-rows'

type ClientEdit = z.infer<typeof ClientEditBody>

/** The client, locked until the write commits, so before and after describe one change. */
async function lockedClient(tx: Tx, id: string): Promise<AdminClient> {
  await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'CLIENT')))
    .for('update')
  const [client] = await adminClients(tx, eq(users.id, id))
  return found(client, 'client')
}

async function applyEdit(tx: Tx, before: AdminClient, edit: ClientEdit): Promise<void> {
  const { name, email, city, state, perk, ...profile } = edit
  if (name !== undefined || email !== undefined)
    await tx.update(users).set({ name, email }).where(eq(users.id, before.id))
  const moved = city !== undefined || state !== undefined
  // Flag joins on city_key, so it follows a move with nothing else to update.
  const key = moved ? cityKey(city ?? before.city, state ?? before.state) : undefined
  // An emptied perk is no perk: the marketing list shows clients whose perk is set.
  const perkValue = perk === '' ? null : perk
  const values = { ...profile, city, state, cityKey: key, perk: perkValue }
  if (Object.values(values).some((v) => v !== undefined))
    await tx.update(clients).set(values).where(eq(clients.userId, before.id))
}

/** Clients' accounts as the back office corrects them. */
const clientRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/admin/client/edit/:id',
    {
      config: { access: 'admin' },
      schema: {
        summary: "Correct a client's profile",
        params: IdParams,
        body: ClientEditBody,
        response: { 200: envelope(ClientData) },
      },
    },
    async (request) => {
      const { id } = request.params
      const client = await adminWrite(
        app,
        request,
        async (tx) => {
          const before = await lockedClient(tx, id)
          await applyEdit(tx, before, request.body)
          const [after] = await adminClients(tx, eq(users.id, id))
          if (!after) throw new Error('edited client vanished in its own transaction')
          return { action: 'edit', entity: 'client', entityId: id, before, after, data: after }
        },
        EMAIL_TAKEN,
      )
      // The cached identity carries Flag, which a move may have changed.
      app.users.forget(id)
      return { Data: client }
    },
  )

  app.delete(
    '/api/admin/client/:id',
    {
      config: { access: 'admin' },
      schema: {
        summary: "Delete a client's account, pool and requests",
        params: IdParams,
        body: NoBody,
        response: { 200: envelope(DeletedData) },
      },
    },
    async (request) => {
      const { id } = request.params
      await adminWrite(app, request, async (tx) => {
        const before = await lockedClient(tx, id)
        // Their pool, requests and refresh tokens go with them (ON DELETE CASCADE).
        await tx.delete(users).where(eq(users.id, id))
        return { action: 'delete', entity: 'client', entityId: id, before, data: null }
      })
      // Their access token stops working now, not when the identity cache expires.
      app.users.forget(id)
      return { Data: { id } }
    },
  )
}

export default clientRoutes
