import { useSelector } from '@xstate/react'
import { useCallback, useEffect, useState } from 'react'
import type { SnapshotFrom } from 'xstate'
import { SIGNED_URL_SECONDS, type LogEntry, type StoredFile } from '../../../../contract/documents'
import type {
  clientMachine,
  Upload,
  UploadRequest,
} from '../../../../machines/client/client.machine'
import { useClientActor } from '../use-client'

type ClientSnapshot = SnapshotFrom<typeof clientMachine>

/** Signed addresses work for 15 minutes: a list signed 10 or more minutes ago is fetched again. */
const FRESH_FOR_MS = 10 * 60_000
const REFETCH_BEFORE_EXPIRY_MS = SIGNED_URL_SECONDS * 1000 - FRESH_FOR_MS
/** How often a screen showing files checks whether their addresses are getting old. */
const CHECK_EVERY_MS = 60_000

/** When a signed address stops working (its `exp`, Unix seconds), or null if it says not. */
function expiryOf(url: string): number | null {
  const exp = Number(new URL(url, 'http://poolpath.invalid').searchParams.get('exp'))
  return Number.isFinite(exp) && exp > 0 ? exp * 1000 : null
}

/** Whether any of these files' addresses stops working within the margin, as of `now`. */
export function expiresSoon(files: readonly StoredFile[], now: number): boolean {
  return files.some((file) =>
    Object.values(file.urls).some((url) => {
      const expiry = url ? expiryOf(url) : null
      return expiry !== null && expiry - now < REFETCH_BEFORE_EXPIRY_MS
    }),
  )
}

/** The wall clock, read again every minute so a screen left open notices old addresses. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CHECK_EVERY_MS)
    return () => clearInterval(timer)
  }, [])
  return now
}

type Held<T> = {
  /** What is held, or null before the first answer. */
  list: T[] | null
  /** Held and its addresses fresh: images may be shown. */
  ready: boolean
  /** Why the last fetch was refused, while nothing is held: the screen offers `retry`. */
  failed: string | null
  retry: () => void
}

/**
 * A list of the client actor's, asked of its reader when the screen part that owns it opens
 * (one per list on a page; the others read it with `useHeldFiles`) and it is not held yet, or
 * when its signed addresses are about to expire. The reader reads beside the writes and keeps
 * why a read was refused until the list is asked for again.
 */
export function useHeldList<T>(
  name: 'files' | 'logs' | 'warranties' | 'trades' | 'notices' | 'scope' | 'checklists',
  select: (snapshot: ClientSnapshot) => T[] | null,
  filesOf: (list: T[]) => StoredFile[],
): Held<T> {
  const actor = useClientActor()
  const list = useSelector(actor, select)
  const failed = useSelector(actor, (snapshot) => snapshot.context.listFailures[name] ?? null)
  const now = useMinuteClock()
  const stale = list === null || expiresSoon(filesOf(list), now)
  const retry = useCallback(() => actor.send({ type: 'list.requested', list: name }), [actor, name])
  // Asked when the list turns stale, not again for each answer: a refusal does not loop.
  useEffect(() => {
    if (stale) retry()
  }, [retry, stale])
  return { list, ready: !stale, failed: list === null ? failed : null, retry }
}

const selectFiles = (snapshot: ClientSnapshot) => snapshot.context.files
const selectLogs = (snapshot: ClientSnapshot) => snapshot.context.logs
const selectWarranties = (snapshot: ClientSnapshot) => snapshot.context.warranties
const selectUploads = (snapshot: ClientSnapshot) => snapshot.context.uploads

const ownFiles = (files: StoredFile[]) => files
const attachedFiles = (entries: LogEntry[]) => entries.flatMap((entry) => entry.files)
const noFiles = () => []

/**
 * Every file of the client, newest first (GET /api/files; screens filter by step and kind),
 * fetched by the one part of a page that owns the list.
 */
export const useFiles = () => useHeldList('files', selectFiles, ownFiles)

/** The files as held, for the parts of a page beside the one that fetches them. */
export function useHeldFiles() {
  const files = useSelector(useClientActor(), selectFiles)
  const now = useMinuteClock()
  return { list: files, ready: files !== null && !expiresSoon(files, now) }
}

/** The whole daily log (GET /api/logs), with its attachments' addresses kept fresh. */
export const useLogs = () => useHeldList('logs', selectLogs, attachedFiles)

/** Every warranty of the client's steps. */
export const useWarranties = () => useHeldList('warranties', selectWarranties, noFiles)

/** The uploads of this page view, and the two things a screen does with them. */
export function useUploads() {
  const actor = useClientActor()
  const uploads = useSelector(actor, selectUploads)
  const start = useCallback(
    (request: UploadRequest) => {
      const id = crypto.randomUUID()
      actor.send({ type: 'upload.requested', id, request })
      return id
    },
    [actor],
  )
  const dismiss = useCallback((id: string) => actor.send({ type: 'upload.dismissed', id }), [actor])
  /** Clears a failed upload and sends its file again, as a new upload whose id it answers. */
  const retry = useCallback(
    (upload: Upload) => {
      dismiss(upload.id)
      return start(upload.request)
    },
    [dismiss, start],
  )
  return { uploads, start, dismiss, retry }
}
