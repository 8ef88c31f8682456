import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactElement } from 'react'
import { vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import type { AdminFetchData } from '../../../contract'
import {
  adminMachine,
  type AdminActor,
  type AdminCall,
  type AdminCallResult,
  type AdminFetchResult,
} from '../../../machines/admin/admin.machine'
import { fetchData } from '../../machines/fixtures'
import { fakeModalDialogs } from '../../support/modal-dialogs'
import { noStorage } from '../../support/storage-fakes'

fakeModalDialogs()

/** An API refusal as the adapters reject with it (an ApiError has these fields). */
export const refusal = (
  status: number,
  detail: string,
  fieldErrors: Record<string, string[]> = {},
) => Object.assign(new Error(detail), { status, code: 'REFUSED', detail, fieldErrors })

/**
 * The real admin machine as an ADMIN, its fetch answering what `server` holds now and its writes
 * going to `adminCall` (a vi.fn the test inspects; it may change `server` as the real one would),
 * settled after the first fetch.
 */
export async function startAdmin(
  data: Partial<AdminFetchData> = {},
  adminCall: (call: AdminCall, server: AdminFetchData) => Promise<AdminCallResult> = () =>
    Promise.reject(new Error('no write expected')),
) {
  const server = fetchData(data)
  const fetchAdmin = vi.fn(async (): Promise<AdminFetchResult> => ({
    status: 'ok',
    data: { ...server },
    etag: null,
  }))
  const call = vi.fn((asked: AdminCall) => adminCall(asked, server))
  const machine = adminMachine.provide({
    actors: {
      fetchAdminData: fromPromise(() => fetchAdmin()),
      adminCall: fromPromise(({ input }) => call(input)),
    },
    actions: noStorage,
  })
  const actor: AdminActor = createActor(machine, {
    input: { role: 'ADMIN', now: () => Date.now() },
  }).start()
  await waitFor(actor, (s) => !s.hasTag('fetching'))
  return { actor, call, fetchAdmin, server }
}

/** Renders a section screen inside a main landmark, as the admin layout does. */
export function renderSection(screen: ReactElement) {
  const user = userEvent.setup()
  const view = render(<main>{screen}</main>)
  return { user, view }
}

/** Every CSV the page handed to the browser to download, with its file name. */
export function captureDownloads() {
  const files: { name: string; blob: Blob }[] = []
  let pending: Blob | null = null
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    if (blob instanceof Blob) pending = blob
    return 'blob:test'
  })
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function click(
    this: HTMLAnchorElement,
  ) {
    if (pending) files.push({ name: this.download, blob: pending })
    pending = null
  })
  return files
}

/** A Blob's text (jsdom's Blob has no text()). */
export const blobText = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error ?? new Error('unreadable blob'))
    reader.readAsText(blob)
  })
