/** The builder's calls (a client whose city we serve): the pool entries, then the timeline. */
import { IdParams, NoBody } from '../api'
import {
  AcceptQuoteBody,
  AddQuote1Body,
  AddQuoteBody,
  EditPoolBody,
  EntryData,
  MarkDone1Body,
  MarkDoneBody,
  QuoteRefBody,
  RequestBuilderData,
  RequestManagerBody,
  RequestManagerData,
} from '../api-client'
import { NonStageEntry, PoolData, StageEntry } from '../domain'
import {
  CalendarTokenData,
  DateProposalBody,
  InspectionBody,
  InspectionParams,
  NotificationPreferences,
  NotificationsBody,
  SecretParams,
  StepStartedBody,
  TextDocument,
  Timeline,
  TimelineStartBody,
  UnsubscribeData,
  TimelineProblemCode,
} from '../timeline'

import { ProblemCode } from '../problem'
import { MoneyProblemCode } from '../money'
import { TradesProblemCode } from '../trades'
import type { RouteDef } from './types'

export const clientRoutes = {
  poolData: {
    method: 'GET',
    path: '/api/pool',
    access: 'builder',
    etag: true,
    data: PoolData,
  },
  editPool: {
    method: 'PUT',
    path: '/api/edit-pool',
    access: 'builder',
    body: EditPoolBody,
    data: EntryData,
    refuses: { 404: [ProblemCode.notFound] },
  },
  markDone: {
    method: 'PUT',
    path: '/api/mark-done',
    access: 'builder',
    body: MarkDoneBody,
    data: StageEntry,
    refuses: { 404: [ProblemCode.notFound], 409: [TimelineProblemCode.inspectionRequired] },
  },
  markDone1: {
    method: 'PUT',
    path: '/api/mark-done1',
    access: 'builder',
    body: MarkDone1Body,
    data: NonStageEntry,
    refuses: { 404: [ProblemCode.notFound], 409: [TimelineProblemCode.inspectionRequired] },
  },
  addQuote: {
    method: 'PUT',
    path: '/api/add-quote',
    access: 'builder',
    body: AddQuoteBody,
    data: StageEntry,
    refuses: { 404: [ProblemCode.notFound], 409: [ProblemCode.conflict] },
  },
  addQuote1: {
    method: 'PUT',
    path: '/api/add-quote1',
    access: 'builder',
    body: AddQuote1Body,
    data: NonStageEntry,
    refuses: { 404: [ProblemCode.notFound], 409: [ProblemCode.conflict] },
  },
  acceptQuote: {
    method: 'PUT',
    path: '/api/accept-quote',
    access: 'builder',
    body: AcceptQuoteBody,
    data: EntryData,
    refuses: {
      404: [ProblemCode.notFound],
      409: [
        TradesProblemCode.tradeNotVerified,
        MoneyProblemCode.contractHasPayments,
        ProblemCode.conflict,
      ],
    },
  },
  removeQuote: {
    method: 'PUT',
    path: '/api/remove-quote',
    access: 'builder',
    body: QuoteRefBody,
    data: EntryData,
    refuses: {
      404: [ProblemCode.notFound],
      409: [MoneyProblemCode.contractHasPayments, ProblemCode.conflict],
    },
  },
  requestBuilder: {
    method: 'PUT',
    path: '/api/request-builder',
    access: 'builder',
    body: NoBody,
    data: RequestBuilderData,
  },
  requestManager: {
    method: 'POST',
    path: '/api/request-manager',
    access: 'builder',
    body: RequestManagerBody,
    data: RequestManagerData,
    statuses: [200, 201],
    refuses: { 404: [ProblemCode.notFound] },
  },
} as const satisfies Record<string, RouteDef>

/** The build on a calendar (PRODUCT.md §9): each write answers the whole Timeline again. */
export const timelineRoutes = {
  timeline: {
    method: 'GET',
    path: '/api/timeline',
    access: 'builder',
    etag: true,
    data: Timeline,
  },
  setTimelineStart: {
    method: 'PUT',
    path: '/api/timeline/start',
    access: 'builder',
    body: TimelineStartBody,
    data: Timeline,
  },
  setStepStarted: {
    method: 'PUT',
    path: '/api/timeline/started',
    access: 'builder',
    body: StepStartedBody,
    data: Timeline,
  },
  recordInspection: {
    method: 'PUT',
    path: '/api/inspections/:slug',
    access: 'builder',
    params: InspectionParams,
    body: InspectionBody,
    data: Timeline,
    refuses: { 409: [TimelineProblemCode.inspectionWaiting] },
  },
  answerDateProposal: {
    method: 'PUT',
    path: '/api/date-proposals/:id',
    access: 'builder',
    params: IdParams,
    body: DateProposalBody,
    data: Timeline,
    refuses: { 409: [TimelineProblemCode.proposalAnswered] },
  },
  notifications: {
    method: 'GET',
    path: '/api/notifications',
    access: 'builder',
    etag: true,
    data: NotificationPreferences,
  },
  setNotifications: {
    method: 'PUT',
    path: '/api/notifications',
    access: 'builder',
    body: NotificationsBody,
    data: NotificationPreferences,
  },
  rotateCalendarToken: {
    method: 'POST',
    path: '/api/calendar-token',
    access: 'builder',
    body: NoBody,
    data: CalendarTokenData,
  },
  /** Public: the token is the secret. Answers text/calendar, not JSON. */
  calendarFeed: {
    method: 'GET',
    path: '/api/calendar/:token.ics',
    access: 'public',
    params: SecretParams,
    sends: ['text/calendar'],
    data: TextDocument,
    refuses: { 429: [ProblemCode.rateLimited] },
  },
  /** RFC 8058 one-click: a mail client posts `List-Unsubscribe=One-Click` as a form. */
  unsubscribe: {
    method: 'POST',
    path: '/api/unsubscribe/:token',
    access: 'public',
    params: SecretParams,
    data: UnsubscribeData,
    refuses: { 429: [ProblemCode.rateLimited] },
  },
  /** The link in the email: a page (text/html) whose one button makes the POST above. */
  unsubscribePage: {
    method: 'GET',
    path: '/api/unsubscribe/:token',
    access: 'public',
    params: SecretParams,
    sends: ['text/html'],
    data: TextDocument,
    refuses: { 429: [ProblemCode.rateLimited] },
  },
} as const satisfies Record<string, RouteDef>
