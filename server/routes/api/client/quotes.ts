import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  AddQuote1Body,
  AddQuoteBody,
  EntryData,
  envelope,
  MAX_QUOTES_PER_ENTRY,
  QuoteRefBody,
} from '../../../../contract'
import { identityOf } from '../../../plugins/app/access'
import { entryKeyOf } from '../../../plugins/app/pool-entries'

/** Subcontractors' quotes on a step: at most MAX_QUOTES_PER_ENTRY, one of them accepted. */
const quoteRoutes: FastifyPluginAsyncZod = async (app) => {
  const entryResponse = { 200: envelope(EntryData) }

  app.put(
    '/api/add-quote',
    {
      config: { access: 'builder' },
      schema: {
        summary: 'Add a quote to a stage',
        description: `At most ${MAX_QUOTES_PER_ENTRY} quotes per step (409 beyond).`,
        body: AddQuoteBody,
        response: entryResponse,
      },
    },
    async (request) => {
      const { StageId, ...quote } = request.body
      return { Data: await app.poolEntries.addQuote(identityOf(request).id, { StageId }, quote) }
    },
  )

  app.put(
    '/api/add-quote1',
    {
      config: { access: 'builder' },
      schema: {
        summary: 'Add a quote to a non-stage step',
        description: `At most ${MAX_QUOTES_PER_ENTRY} quotes per step (409 beyond).`,
        body: AddQuote1Body,
        response: entryResponse,
      },
    },
    async (request) => {
      const { Title, ...quote } = request.body
      return { Data: await app.poolEntries.addQuote(identityOf(request).id, { Title }, quote) }
    },
  )

  app.put(
    '/api/accept-quote',
    {
      config: { access: 'builder' },
      schema: {
        summary: "Accept a quote (the step's other quotes are no longer accepted)",
        body: QuoteRefBody,
        response: entryResponse,
      },
    },
    async (request) => {
      const { body } = request
      const entry = await app.poolEntries.acceptQuote(
        identityOf(request).id,
        entryKeyOf(body),
        body.quoteId,
      )
      return { Data: entry }
    },
  )

  app.put(
    '/api/remove-quote',
    {
      config: { access: 'builder' },
      schema: { summary: 'Remove a quote', body: QuoteRefBody, response: entryResponse },
    },
    async (request) => {
      const { body } = request
      const entry = await app.poolEntries.removeQuote(
        identityOf(request).id,
        entryKeyOf(body),
        body.quoteId,
      )
      return { Data: entry }
    },
  )
}

export default quoteRoutes
