/** The builder's calls (a client whose city we serve). */
import {
  AddQuote1Body,
  AddQuoteBody,
  EditPoolBody,
  EntryData,
  MarkDone1Body,
  MarkDoneBody,
  NoBody,
  QuoteRefBody,
  RequestBuilderData,
  RequestManagerBody,
  RequestManagerData,
} from '../api'
import { NonStageEntry, StageEntry } from '../domain'
import { MAX_QUOTES_PER_ENTRY } from '../steps'

import type { RouteDef } from './types'

export const clientRoutes = {
  editPool: {
    method: 'PUT',
    path: '/api/edit-pool',
    access: 'builder',
    summary: "Save a step's choices",
    description: 'A stage by StageId, a non-stage (Pool Design, Engineering, Permits) by Title.',
    body: EditPoolBody,
    data: EntryData,
  },
  markDone: {
    method: 'PUT',
    path: '/api/mark-done',
    access: 'builder',
    summary: 'Mark a stage done or not done',
    body: MarkDoneBody,
    data: StageEntry,
  },
  markDone1: {
    method: 'PUT',
    path: '/api/mark-done1',
    access: 'builder',
    summary: 'Mark a non-stage step done or not done',
    body: MarkDone1Body,
    data: NonStageEntry,
  },
  addQuote: {
    method: 'PUT',
    path: '/api/add-quote',
    access: 'builder',
    summary: 'Add a quote to a stage',
    description: `At most ${MAX_QUOTES_PER_ENTRY} quotes per step (409 beyond).`,
    body: AddQuoteBody,
    data: StageEntry,
  },
  addQuote1: {
    method: 'PUT',
    path: '/api/add-quote1',
    access: 'builder',
    summary: 'Add a quote to a non-stage step',
    description: `At most ${MAX_QUOTES_PER_ENTRY} quotes per step (409 beyond).`,
    body: AddQuote1Body,
    data: NonStageEntry,
  },
  acceptQuote: {
    method: 'PUT',
    path: '/api/accept-quote',
    access: 'builder',
    summary: "Accept one of a step's quotes (the one accepted quote of that step)",
    body: QuoteRefBody,
    data: EntryData,
  },
  removeQuote: {
    method: 'PUT',
    path: '/api/remove-quote',
    access: 'builder',
    summary: 'Remove a quote from a step',
    body: QuoteRefBody,
    data: EntryData,
  },
  requestBuilder: {
    method: 'PUT',
    path: '/api/request-builder',
    access: 'builder',
    summary: 'Request a project builder (idempotent)',
    body: NoBody,
    data: RequestBuilderData,
  },
  requestManager: {
    method: 'POST',
    path: '/api/request-manager',
    access: 'builder',
    summary: 'Request a project manager',
    description:
      'Answers 201 with a new request, or 200 with the open request already made to this manager.',
    body: RequestManagerBody,
    data: RequestManagerData,
    statuses: [200, 201],
  },
} as const satisfies Record<string, RouteDef>
