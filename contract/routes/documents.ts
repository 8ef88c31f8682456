/** The evidence of the build (PRODUCT.md §11): files, the daily log and the warranties. */
import { IdParams, NoBody } from '../api'
import {
  DeletedData,
  FileBytes,
  FILE_TYPES,
  FilesQuery,
  FileVariantParams,
  LogBody,
  LogEntry,
  LogsQuery,
  SignedQuery,
  StoredFile,
  UploadFields,
  Warranty,
  WarrantyBody,
  DocumentsProblemCode,
} from '../documents'
import { z } from 'zod/mini'

import { ProblemCode } from '../problem'
import type { RouteDef } from './types'

export const documentsRoutes = {
  /** Multipart: one `file` part and the fields of `body` (checked after the stream is read). */
  uploadFile: {
    method: 'POST',
    path: '/api/files',
    access: 'builder',
    body: UploadFields,
    multipart: true,
    data: StoredFile,
    statuses: [201],
    refuses: { 409: [DocumentsProblemCode.quotaExceeded] },
  },
  files: {
    method: 'GET',
    path: '/api/files',
    access: 'builder',
    etag: true,
    query: FilesQuery,
    data: z.array(StoredFile),
  },
  deleteFile: {
    method: 'DELETE',
    path: '/api/files/:id',
    access: 'builder',
    params: IdParams,
    body: NoBody,
    data: DeletedData,
  },
  /** Public: the signature is the key. Answers the bytes, not JSON. */
  fileVariant: {
    method: 'GET',
    path: '/api/files/:id/:variant',
    access: 'public',
    params: FileVariantParams,
    query: SignedQuery,
    sends: FILE_TYPES,
    data: FileBytes,
    refuses: { 403: [ProblemCode.forbidden], 429: [ProblemCode.rateLimited] },
  },
  addLogEntry: {
    method: 'POST',
    path: '/api/logs',
    access: 'builder',
    body: LogBody,
    refuses: { 404: [ProblemCode.notFound] },
    data: LogEntry,
    statuses: [201],
  },
  logs: {
    method: 'GET',
    path: '/api/logs',
    access: 'builder',
    etag: true,
    query: LogsQuery,
    data: z.array(LogEntry),
  },
  deleteLogEntry: {
    method: 'DELETE',
    path: '/api/logs/:id',
    access: 'builder',
    params: IdParams,
    body: NoBody,
    data: DeletedData,
  },
  setWarranty: {
    method: 'PUT',
    path: '/api/warranties',
    access: 'builder',
    body: WarrantyBody,
    data: Warranty,
    refuses: { 404: [ProblemCode.notFound], 409: [DocumentsProblemCode.stepNotDone] },
  },
  warranties: {
    method: 'GET',
    path: '/api/warranties',
    access: 'builder',
    etag: true,
    data: z.array(Warranty),
  },
} as const satisfies Record<string, RouteDef>
