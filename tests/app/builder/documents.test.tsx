// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import axe from 'axe-core'
import { afterEach, describe, expect, it } from 'vitest'
import { dayIn, zoneOfState } from '../../../contract/time-zones'
import { fakeModalDialogs } from '../../support/modal-dialogs'
import { logEntry, storedFile, warranty } from '../../support/documents'
import { designEntry, emptyPoolData, renderBuilder, stageId } from './harness'

fakeModalDialogs()
afterEach(cleanup)
// index.html's own: the axe check runs on the whole document.
document.documentElement.lang = 'en'
document.title = 'PoolPath'

const jpeg = (name: string, bytes = 16) =>
  new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' })

const section = (name: string) => screen.getByRole('region', { name })

/** Steel with the design saved; done or not. */
const steel = (done = false) =>
  emptyPoolData({
    nonStages: [designEntry()],
    poolChoices: [
      {
        StageId: stageId('steel'),
        choices: {},
        done,
        doneAt: done ? '2026-06-01T12:00:00.000Z' : null,
        quotes: [],
      },
    ],
  })

/** Steel's page once its files and log are in. */
async function steelPage(
  documents: Parameters<typeof renderBuilder>[1] extends infer O
    ? O extends { documents?: infer D }
      ? D
      : never
    : never = {},
  done = false,
) {
  const app = await renderBuilder('/builder/steel', { poolData: steel(done), documents })
  await app.idle()
  return app
}

describe('Photos & documents on a step page', () => {
  it('uploads several files at once, each with its progress, and Cancel stops one', async () => {
    const { user, uploads } = await steelPage()
    const photos = section('Photos & documents')
    expect(within(photos).getByText('No photos or documents for Steel yet.')).toBeTruthy()
    const kind = within(photos).getByRole('combobox', { name: 'Kind' }) as HTMLSelectElement
    expect(kind.value).toBe('photo')
    await user.selectOptions(kind, 'Inspection')
    await user.type(within(photos).getByRole('textbox', { name: /^Caption/ }), 'Rebar at 12 in')
    await user.upload(within(photos).getByLabelText('Add files'), [
      jpeg('rebar.jpg', 4000),
      jpeg('bonding.jpg', 2000),
    ])
    await waitFor(() => expect(uploads).toHaveLength(2))
    expect(uploads.map((u) => [u.request.file.name, u.request.kind, u.request.step])).toEqual([
      ['rebar.jpg', 'inspection', 'steel'],
      ['bonding.jpg', 'inspection', 'steel'],
    ])
    expect(uploads[0]?.request.caption).toBe('Rebar at 12 in')
    // The caption went with these two; the next files start without it.
    expect(within(photos).getByRole('textbox', { name: /^Caption/ })).toHaveProperty('value', '')

    uploads[0]?.progress(1024, 4096)
    const bar = await screen.findByRole('progressbar', { name: 'Uploading rebar.jpg' })
    await waitFor(() => expect(bar.getAttribute('value')).toBe('1024'))
    expect(bar.getAttribute('max')).toBe('4096')
    expect(bar.getAttribute('aria-valuetext')).toBe('1 kB of 4 kB')
    expect(within(photos).getByText('1 kB of 4 kB')).toBeTruthy()

    const second = screen.getByRole('progressbar', { name: 'Uploading bonding.jpg' })
    const row = second.closest('li') as HTMLElement
    await user.click(within(row).getByRole('button', { name: 'Cancel' }))
    expect(uploads[1]?.signal.aborted).toBe(true)
    expect(screen.queryByRole('progressbar', { name: 'Uploading bonding.jpg' })).toBeNull()

    uploads[0]?.finish()
    expect(await within(photos).findByRole('img', { name: 'Rebar at 12 in' })).toBeTruthy()
    expect(within(photos).queryByRole('progressbar')).toBeNull()
  })

  it('takes files dropped anywhere under the heading, on the list of files too', async () => {
    const { uploads } = await steelPage()
    const empty = await within(section('Photos & documents')).findByText(/^No photos or documents/)
    fireEvent.drop(empty, { dataTransfer: { files: [jpeg('dropped.jpg')] } })
    await waitFor(() => expect(uploads.map((u) => u.request.file.name)).toEqual(['dropped.jpg']))
  })

  it('says next to the control why a file was refused, before or after sending', async () => {
    const { user, uploads } = await steelPage()
    const photos = section('Photos & documents')
    await user.upload(
      within(photos).getByLabelText('Add files'),
      jpeg('huge.jpg', 20 * 1024 * 1024 + 1),
    )
    await waitFor(() => expect(uploads).toHaveLength(1))
    uploads[0]?.fail(413, 'FILE_TOO_LARGE', 'Too large.')
    expect((await within(photos).findByRole('alert')).textContent).toBe(
      'huge.jpg is over 20 MB. Choose a smaller file or a smaller export of it.',
    )
    // The file itself is refused: sending it again cannot help.
    expect(within(photos).queryByRole('button', { name: /^Try uploading/ })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Dismiss the message about huge.jpg' }))
    expect(within(photos).queryByRole('alert')).toBeNull()

    fireEvent.drop(within(photos).getByText(/Or drop them here/), {
      dataTransfer: { files: [new File(['GIF89a'], 'anim.gif', { type: 'image/gif' })] },
    })
    await waitFor(() => expect(uploads).toHaveLength(2))
    uploads[1]?.fail(415, 'UNSUPPORTED_FILE', 'Not supported.')
    expect((await within(photos).findByRole('alert')).textContent).toBe(
      'anim.gif is not a photo or a PDF. Upload a JPEG, PNG, WebP or PDF file.',
    )
    await user.click(screen.getByRole('button', { name: 'Dismiss the message about anim.gif' }))

    await user.upload(within(photos).getByLabelText('Add files'), jpeg('more.jpg'))
    await waitFor(() => expect(uploads).toHaveLength(3))
    uploads[2]?.fail(409, 'QUOTA_EXCEEDED', 'Over quota.')
    expect((await within(photos).findByRole('alert')).textContent).toBe(
      'more.jpg would take your files past 1 GB. Delete files you no longer need, then try again.',
    )
  })

  it('sends a file again after a failure another try can cure, with what it was sent with', async () => {
    const { user, uploads } = await steelPage()
    const photos = section('Photos & documents')
    await user.selectOptions(within(photos).getByRole('combobox', { name: 'Kind' }), 'Inspection')
    await user.type(within(photos).getByRole('textbox', { name: /^Caption/ }), 'Bond wire')
    await user.upload(within(photos).getByLabelText('Add files'), jpeg('bond.jpg'))
    await waitFor(() => expect(uploads).toHaveLength(1))
    uploads[0]?.fail(500, 'INTERNAL', 'Something went wrong on our side. Please try again.')
    await within(photos).findByRole('alert')
    // The form has moved on since; the retry sends what the failed upload was sent with.
    await user.clear(within(photos).getByRole('textbox', { name: /^Caption/ }))
    await user.click(within(photos).getByRole('button', { name: 'Try uploading bond.jpg again' }))
    await waitFor(() => expect(uploads).toHaveLength(2))
    expect(uploads[1]?.request).toEqual(uploads[0]?.request)
    expect(within(photos).queryByRole('alert')).toBeNull()
    uploads[1]?.finish()
    expect(await within(photos).findByRole('img', { name: 'Bond wire' })).toBeTruthy()
  })

  it('shows the step’s files only, photos as thumbnails and PDFs as named tiles', async () => {
    await steelPage({
      files: [
        storedFile(1, { step: 'steel', caption: 'Rebar cage' }),
        storedFile(2, { step: 'steel', contentType: 'application/pdf', kind: 'permit' }),
        storedFile(3, { step: 'tile' }),
      ],
    })
    const grid = screen.getByRole('list', { name: 'Steel files' })
    const img = within(grid).getByRole('img', { name: 'Rebar cage' }) as HTMLImageElement
    expect(img.getAttribute('src')).toBe(storedFile(1).urls.thumb)
    expect(within(grid).getByRole('button', { name: 'document-2.pdf' })).toBeTruthy()
    expect(within(grid).getAllByRole('listitem')).toHaveLength(2)
  })

  it('opens a viewer that goes through the files with Next, Previous and the arrow keys', async () => {
    const { user } = await steelPage({
      files: [
        storedFile(1, { step: 'steel', caption: 'First' }),
        storedFile(2, { step: 'steel', caption: 'Second' }),
        storedFile(3, { step: 'steel', caption: 'Third' }),
      ],
    })
    await user.click(screen.getByRole('button', { name: 'First' }))
    const viewer = () => screen.getByRole('dialog')
    expect(within(viewer()).getByRole('heading', { name: 'First' })).toBeTruthy()
    expect(within(viewer()).getByRole('img', { name: 'First' }).getAttribute('src')).toBe(
      storedFile(1).urls.view,
    )
    expect(within(viewer()).getByText('1 of 3')).toBeTruthy()
    await user.click(within(viewer()).getByRole('button', { name: 'Next' }))
    expect(within(viewer()).getByRole('heading', { name: 'Second' })).toBeTruthy()
    await user.keyboard('{ArrowRight}')
    expect(within(viewer()).getByRole('heading', { name: 'Third' })).toBeTruthy()
    await user.keyboard('{ArrowRight}')
    expect(within(viewer()).getByRole('heading', { name: 'First' })).toBeTruthy()
    await user.keyboard('{ArrowLeft}')
    expect(within(viewer()).getByRole('heading', { name: 'Third' })).toBeTruthy()
    await user.click(within(viewer()).getByRole('button', { name: 'Previous' }))
    expect(within(viewer()).getByText('2 of 3')).toBeTruthy()
    // The browser turns Escape on a modal dialog into its cancel event.
    fireEvent(viewer(), new Event('cancel', { cancelable: true }))
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('deletes a file only once confirmed', async () => {
    const { user, idle, documentCalls } = await steelPage({
      files: [storedFile(1, { step: 'steel', caption: 'Rebar cage' })],
    })
    await user.click(screen.getByRole('button', { name: 'Delete Rebar cage' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete this file?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.getByRole('img', { name: 'Rebar cage' })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Rebar cage' }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }))
    await user.click(screen.getByRole('button', { name: 'Delete file' }))
    await idle()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.queryByRole('img', { name: 'Rebar cage' })).toBeNull()
    expect(documentCalls).toHaveBeenCalledWith({ name: 'deleteFile', id: storedFile(1).id })
  })

  it('says when the files did not load, and loads them on Try again', async () => {
    const app = await renderBuilder('/builder/timeline', {
      poolData: steel(),
      documents: { files: [storedFile(1, { step: 'steel', caption: 'Rebar cage' })] },
    })
    await app.idle()
    // The first GET /api/files is refused (a network failure); the next one is answered.
    const answer = app.documentCalls.getMockImplementation()
    let refused = false
    app.documentCalls.mockImplementation(async (call) => {
      if (call.name !== 'files' || refused || !answer) return answer?.(call) as never
      refused = true
      throw Object.assign(new Error('offline'), { status: 0, code: 'NETWORK', detail: 'Offline.' })
    })
    await app.user.click(screen.getByRole('link', { name: 'Steel' }))
    const photos = await screen.findByRole('region', { name: 'Photos & documents' })
    await app.idle()
    const panel = await within(photos).findByRole('alert')
    expect(panel.textContent).toContain('Your files did not load')
    expect(panel.textContent).toContain('Offline.')
    await app.user.click(within(panel).getByRole('button', { name: 'Try again' }))
    expect(await within(photos).findByRole('img', { name: 'Rebar cage' })).toBeTruthy()
  })
})

describe('the daily log on a step page', () => {
  it('adds an entry for today with a photo attached, newest first, and deletes one after asking', async () => {
    const { user, idle, documentCalls } = await steelPage({
      files: [storedFile(1, { step: 'steel', caption: 'Ties done' })],
      logs: [logEntry(1, 'steel', { date: '2026-05-20', text: 'Steel delivered' })],
    })
    const log = section('Daily log')
    const date = within(log).getByLabelText('Date') as HTMLInputElement
    // The project's today: the day in its state's zone (Idaho's, the client's), not the UTC day.
    expect(date.value).toBe(dayIn(new Date(), zoneOfState('ID')))
    await user.clear(date)
    await user.type(date, '2026-06-02')
    await user.type(
      within(log).getByRole('textbox', { name: 'Notes' }),
      'Cage tied, ready to inspect',
    )
    await user.click(within(log).getByRole('checkbox', { name: 'Ties done' }))
    await user.click(within(log).getByRole('button', { name: 'Add log entry' }))
    await idle()
    expect(documentCalls).toHaveBeenCalledWith({
      name: 'addLogEntry',
      body: {
        step: 'steel',
        date: '2026-06-02',
        text: 'Cage tied, ready to inspect',
        fileIds: [storedFile(1).id],
      },
    })
    const entries = within(within(log).getByRole('list', { name: 'Log entries' })).getAllByRole(
      'listitem',
      { name: /2026/ },
    )
    expect(entries.map((entry) => entry.querySelector('h3')?.textContent)).toEqual([
      'Jun 2, 2026',
      'May 20, 2026',
    ])
    expect(within(entries[0] as HTMLElement).getByRole('img', { name: 'Ties done' })).toBeTruthy()
    expect((within(log).getByRole('textbox', { name: 'Notes' }) as HTMLTextAreaElement).value).toBe(
      '',
    )

    await user.click(
      within(log).getByRole('button', { name: 'Delete the log entry of May 20, 2026' }),
    )
    await user.click(screen.getByRole('button', { name: 'Delete entry' }))
    await idle()
    expect(within(log).queryByText('Steel delivered')).toBeNull()
  })

  it('names each photo it offers on its own, however alike their captions', async () => {
    await steelPage({
      files: [
        storedFile(1, { step: 'steel', caption: 'Ties done' }),
        storedFile(2, { step: 'steel', caption: 'Ties done' }),
        storedFile(3, { step: 'steel', caption: 'Ties done', name: 'photo-2.jpg' }),
        storedFile(4, { step: 'steel', caption: 'Rebar cage' }),
      ],
    })
    const boxes = within(section('Daily log')).getAllByRole('checkbox')
    expect(boxes.map((box) => (box.closest('label') as HTMLElement).textContent)).toEqual([
      'Ties done (photo-1.jpg)',
      'Ties done (photo-2.jpg), 1 of 2',
      'Ties done (photo-2.jpg), 2 of 2',
      'Rebar cage',
    ])
  })

  it('asks for notes before adding an entry', async () => {
    const { user, documentCalls } = await steelPage()
    const log = section('Daily log')
    await user.click(within(log).getByRole('button', { name: 'Add log entry' }))
    expect(within(log).getByText('Write what happened')).toBeTruthy()
    expect(documentCalls.mock.calls.map(([call]) => call.name)).not.toContain('addLogEntry')
  })
})

describe('the warranty of a done step', () => {
  it('is only on done steps', async () => {
    await steelPage()
    expect(screen.queryByRole('region', { name: 'Warranty' })).toBeNull()
  })

  it('records the provider, term and document, and shows when it expires', async () => {
    const { user, idle, documentCalls } = await steelPage(
      { files: [storedFile(1, { step: 'steel', kind: 'warranty', caption: 'Steel warranty' })] },
      true,
    )
    const card = section('Warranty')
    await user.type(within(card).getByRole('textbox', { name: 'Provider' }), 'Rebar Pros')
    await user.type(within(card).getByRole('textbox', { name: 'Term (months)' }), '24')
    await user.selectOptions(within(card).getByLabelText('Warranty document'), 'Steel warranty')
    await user.click(within(card).getByRole('button', { name: 'Save warranty' }))
    await idle()
    expect(documentCalls).toHaveBeenCalledWith({
      name: 'setWarranty',
      body: { step: 'steel', provider: 'Rebar Pros', termMonths: 24, fileId: storedFile(1).id },
    })
    const fact = (label: string) =>
      within(card).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent
    expect(fact('Provider')).toBe('Rebar Pros')
    expect(fact('Term')).toBe('24 months from Jun 1, 2026')
    expect(fact('Expires')).toBe('Jun 1, 2028')
  })

  it('says what is wrong with the term before sending', async () => {
    const { user } = await steelPage({ warranties: [warranty('tile')] }, true)
    const card = section('Warranty')
    await user.type(within(card).getByRole('textbox', { name: 'Provider' }), 'Rebar Pros')
    await user.type(within(card).getByRole('textbox', { name: 'Term (months)' }), '0')
    await user.click(within(card).getByRole('button', { name: 'Save warranty' }))
    expect(within(card).getByText('Enter at least 1 month')).toBeTruthy()
  })

  it('speaks of months, not characters, when the term is too long', async () => {
    const { user } = await steelPage({ warranties: [warranty('tile')] }, true)
    const card = section('Warranty')
    await user.type(within(card).getByRole('textbox', { name: 'Term (months)' }), '99999')
    await user.click(within(card).getByRole('button', { name: 'Save warranty' }))
    expect(within(card).getByText('Enter at most 600 months')).toBeTruthy()
  })

  it('leaves the evidence sections axe-clean', async () => {
    await steelPage(
      {
        files: [storedFile(1, { step: 'steel', caption: 'Rebar cage' })],
        logs: [logEntry(1, 'steel')],
        warranties: [warranty('steel')],
      },
      true,
    )
    const result = await axe.run(document, { rules: { 'color-contrast': { enabled: false } } })
    expect(result.violations.map((v) => v.id)).toEqual([])
  })
})
