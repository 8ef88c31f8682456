import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  EditPoolBody,
  EntryData,
  envelope,
  MarkDone1Body,
  MarkDoneBody,
} from '../../../../contract'
import { identityOf } from '../../../plugins/app/access'
import { entryKeyOf } from '../../../plugins/app/pool-entries'
import { checkChoices, normalisedChoices } from './check-choices'

/** A client's choices for each step, and whether the step is done. */
const poolRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/edit-pool',
    {
      config: { access: 'builder' },
      schema: {
        summary: "Save a step's choices",
        description:
          'A stage by StageId, a non-stage (Pool Design, Engineering, Permits) by Title.',
        body: EditPoolBody,
        response: { 200: envelope(EntryData) },
      },
    },
    async (request) => {
      const { body } = request
      await checkChoices(app, body)
      const entry = await app.poolEntries.saveChoices(
        identityOf(request).id,
        entryKeyOf(body),
        normalisedChoices(body),
      )
      return { Data: entry }
    },
  )

  app.put(
    '/api/mark-done',
    {
      config: { access: 'builder' },
      schema: {
        summary: 'Mark a stage done or not done',
        body: MarkDoneBody,
        response: { 200: envelope(EntryData) },
      },
    },
    async (request) => {
      const { StageId, done } = request.body
      return { Data: await app.poolEntries.markDone(identityOf(request).id, { StageId }, done) }
    },
  )

  app.put(
    '/api/mark-done1',
    {
      config: { access: 'builder' },
      schema: {
        summary: 'Mark a non-stage step done or not done',
        body: MarkDone1Body,
        response: { 200: envelope(EntryData) },
      },
    },
    async (request) => {
      const { Title, done } = request.body
      return { Data: await app.poolEntries.markDone(identityOf(request).id, { Title }, done) }
    },
  )
}

export default poolRoutes
