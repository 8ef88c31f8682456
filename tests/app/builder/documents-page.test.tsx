// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import axe from 'axe-core'
import { afterEach, describe, expect, it } from 'vitest'
import { fakeModalDialogs } from '../../support/modal-dialogs'
import { storedFile } from '../../support/documents'
import { designEntry, emptyPoolData, renderBuilder } from './harness'

fakeModalDialogs()
afterEach(cleanup)
// index.html's own: the axe check runs on the whole document.
document.documentElement.lang = 'en'
document.title = 'PoolPath'

const FILES = [
  storedFile(1, { step: 'steel', caption: 'Rebar cage' }),
  storedFile(2, { step: 'permits', kind: 'permit', contentType: 'application/pdf' }),
  storedFile(3, { step: 'steel', kind: 'lien-waiver', contentType: 'application/pdf' }),
  storedFile(4, { step: 'tile', caption: 'Coping' }),
]

const pdf = (name: string) => new File(['%PDF-1.7'], name, { type: 'application/pdf' })

async function documentsPage(files = FILES) {
  const app = await renderBuilder('/builder/documents', {
    poolData: emptyPoolData({ nonStages: [designEntry()] }),
    documents: { files },
  })
  await app.idle()
  return app
}

const tiles = () =>
  within(screen.getByRole('list', { name: 'Files' }))
    .getAllByRole('listitem')
    .map((tile) => tile.querySelector('.file-tile-title')?.textContent)

describe('the Documents page', () => {
  it('is the Documents link of the Project navigation, and lists every file', async () => {
    const { router } = await documentsPage()
    expect(screen.getByRole('heading', { level: 1, name: 'Documents' })).toBeTruthy()
    const project = screen.getByRole('navigation', { name: 'Project' })
    const link = within(project).getByRole('link', { name: 'Documents' })
    expect(link.getAttribute('aria-current')).toBe('page')
    expect(router.state.location.pathname).toBe('/builder/documents')
    expect(tiles()).toEqual(['Rebar cage', 'document-2.pdf', 'document-3.pdf', 'Coping'])
    expect(screen.getByText('4 files')).toBeTruthy()
    expect(screen.getAllByText(/· Steel ·/)).toHaveLength(2)
  })

  it('filters by kind and by step', async () => {
    const { user } = await documentsPage()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'Photo')
    expect(tiles()).toEqual(['Rebar cage', 'Coping'])
    await user.selectOptions(screen.getByRole('combobox', { name: 'Step' }), 'Steel')
    expect(tiles()).toEqual(['Rebar cage'])
    expect(screen.getByText('1 file')).toBeTruthy()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'Contract')
    expect(screen.getByText('No files match these filters.')).toBeTruthy()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'All kinds')
    expect(tiles()).toEqual(['Rebar cage', 'document-3.pdf'])
  })

  it('opens the viewer on the files shown, in their order', async () => {
    const { user } = await documentsPage()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'Photo')
    await user.click(screen.getByRole('button', { name: 'Coping' }))
    const viewer = screen.getByRole('dialog')
    expect(within(viewer).getByText('2 of 2')).toBeTruthy()
    await user.keyboard('{ArrowRight}')
    expect(within(viewer).getByRole('heading', { name: 'Rebar cage' })).toBeTruthy()
    fireEvent(viewer, new Event('cancel', { cancelable: true }))
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('files what is added as the kind and step shown, so it lands in view', async () => {
    const { user, uploads } = await documentsPage()
    const add = screen.getByRole('region', { name: 'Filter and upload' })
    await user.selectOptions(within(add).getByRole('combobox', { name: 'Kind' }), 'Permit')
    await user.selectOptions(within(add).getByRole('combobox', { name: 'Step' }), 'Excavation')
    const control = within(add).getByLabelText('Add files')
    const filing = 'Files added here are filed as Permit, under Excavation.'
    expect(within(add).getByText(filing)).toBeTruthy()
    expect(control.getAttribute('aria-describedby')?.split(' ')).toContain(
      within(add).getByText(filing).id,
    )
    expect(screen.getByText('No files match these filters.')).toBeTruthy()
    await user.type(within(add).getByRole('textbox', { name: /^Caption/ }), 'Dig permit')
    await user.upload(control, [pdf('dig-permit.pdf')])
    await waitFor(() => expect(uploads).toHaveLength(1))
    expect(uploads[0]?.request).toMatchObject({
      kind: 'permit',
      step: 'excavation',
      caption: 'Dig permit',
    })
    expect(screen.getByRole('progressbar', { name: 'Uploading dig-permit.pdf' })).toBeTruthy()
    uploads[0]?.finish()
    await waitFor(() => expect(tiles()).toEqual(['Dig permit']))
    expect(screen.getByText('1 file')).toBeTruthy()
  })

  it('files by type for the whole project when no kind or step is chosen', async () => {
    const { user, uploads } = await documentsPage()
    const add = screen.getByRole('region', { name: 'Filter and upload' })
    expect(
      within(add).getByText(
        'Files added here are filed as Photo (images) or Other (PDFs), for the whole project.',
      ),
    ).toBeTruthy()
    await user.upload(within(add).getByLabelText('Add files'), [
      new File([new Uint8Array(16)], 'yard.jpg', { type: 'image/jpeg' }),
      pdf('survey.pdf'),
    ])
    await waitFor(() => expect(uploads).toHaveLength(2))
    expect(uploads.map((u) => [u.request.file.name, u.request.kind, u.request.step])).toEqual([
      ['yard.jpg', 'photo', undefined],
      ['survey.pdf', 'other', undefined],
    ])
    // Every upload in flight shows here, whichever view it was added from.
    await user.selectOptions(within(add).getByRole('combobox', { name: 'Step' }), 'Steel')
    expect(within(add).getAllByRole('progressbar')).toHaveLength(2)
    uploads[1]?.finish()
    await user.selectOptions(within(add).getByRole('combobox', { name: 'Step' }), 'All steps')
    await waitFor(() => expect(tiles()).toContain('survey.pdf'))
    expect(screen.getByText('5 files')).toBeTruthy()
  })

  it('says there is nothing yet, and is axe-clean', async () => {
    await documentsPage([])
    expect(screen.getByText(/No photos or documents yet/)).toBeTruthy()
    const result = await axe.run(document, { rules: { 'color-contrast': { enabled: false } } })
    expect(result.violations.map((v) => v.id)).toEqual([])
  })
})
