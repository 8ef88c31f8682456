// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { fakeModalDialogs } from '../../support/modal-dialogs'
import { storedFile } from '../../support/documents'
import { excavationWith, quote, renderBuilder } from './harness'

fakeModalDialogs()
afterEach(cleanup)

const accepted = quote({ accepted: true })
const poolData = excavationWith(accepted)

const waiver = storedFile(1, {
  step: 'excavation',
  kind: 'lien-waiver',
  contentType: 'application/pdf',
  name: 'dig-co-deposit-waiver.pdf',
})

async function budgetPage(files = [waiver, storedFile(2, { step: 'excavation' })]) {
  const app = await renderBuilder('/builder/budget', { poolData, documents: { files } })
  await app.idle()
  const deposit = () =>
    within(screen.getByRole('region', { name: 'Excavation' })).getByRole('listitem', {
      name: 'Deposit',
    })
  return { ...app, deposit }
}

describe('a draw’s lien waiver on the Budget page', () => {
  it('links a lien-waiver document already uploaded, shows it on file, and unlinks it', async () => {
    const { user, idle, deposit, moneyCalls } = await budgetPage()
    expect(within(deposit()).getByText('No unconditional waiver')).toBeTruthy()
    await user.click(within(deposit()).getByRole('button', { name: 'Attach unconditional waiver' }))
    const dialog = screen.getByRole('dialog', {
      name: 'Unconditional waiver — Excavation, Deposit',
    })
    const select = within(dialog).getByRole('combobox', { name: 'Lien waiver document' })
    // Only documents of kind lien-waiver are offered.
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['dig-co-deposit-waiver.pdf'])
    await user.click(within(dialog).getByRole('button', { name: 'Link' }))
    await idle()
    expect(screen.queryByRole('dialog')).toBeNull()
    const linkCall = moneyCalls.mock.calls.find(([c]) => c.name === 'setLienWaiver')?.[0]
    expect(linkCall).toMatchObject({
      name: 'setLienWaiver',
      body: { fileId: waiver.id, kind: 'unconditional' },
    })
    expect(within(deposit()).getByText('Unconditional waiver on file')).toBeTruthy()
    expect(within(deposit()).getByRole('link', { name: 'dig-co-deposit-waiver.pdf' })).toBeTruthy()

    await user.click(
      within(deposit()).getByRole('button', {
        name: 'Unlink the unconditional waiver of Excavation, Deposit',
      }),
    )
    await idle()
    expect(within(deposit()).getByText('No unconditional waiver')).toBeTruthy()
    expect(moneyCalls.mock.calls.at(-1)?.[0]).toMatchObject({ body: { fileId: null } })
  })

  it('names each Attach control by the words it shows, described by its draw (WCAG 2.5.3)', async () => {
    const { deposit } = await budgetPage()
    for (const name of ['Attach conditional waiver', 'Attach unconditional waiver']) {
      const attach = within(deposit()).getByRole('button', { name })
      expect(attach.textContent?.trim()).toBe(name)
      expect(attach.getAttribute('aria-describedby')).toBeTruthy()
      expect(
        document.getElementById(attach.getAttribute('aria-describedby') ?? '')?.textContent,
      ).toBe('Deposit')
    }
  })

  it('links a conditional waiver as that kind', async () => {
    const { user, idle, deposit, moneyCalls } = await budgetPage()
    expect(within(deposit()).getByText('No conditional waiver')).toBeTruthy()
    await user.click(within(deposit()).getByRole('button', { name: 'Attach conditional waiver' }))
    const dialog = screen.getByRole('dialog', { name: 'Conditional waiver — Excavation, Deposit' })
    await user.click(within(dialog).getByRole('button', { name: 'Link' }))
    await idle()
    expect(moneyCalls.mock.calls.at(-1)?.[0]).toMatchObject({
      name: 'setLienWaiver',
      body: { fileId: waiver.id, kind: 'conditional' },
    })
    expect(within(deposit()).getByText('Conditional waiver on file')).toBeTruthy()
    expect(within(deposit()).getByText('No unconditional waiver')).toBeTruthy()
  })

  it('uploads a lien waiver as that kind, for that step, and links it once stored', async () => {
    const { user, idle, deposit, uploads } = await budgetPage([])
    await user.click(within(deposit()).getByRole('button', { name: 'Attach unconditional waiver' }))
    const dialog = screen.getByRole('dialog')
    expect(within(dialog).getByText(/No lien waiver is uploaded yet/)).toBeTruthy()
    const pdf = new File(['%PDF-1.7'], 'waiver.pdf', { type: 'application/pdf' })
    await user.upload(within(dialog).getByLabelText('Upload a lien waiver'), pdf)
    await waitFor(() => expect(uploads).toHaveLength(1))
    expect(uploads[0]?.request).toMatchObject({ kind: 'lien-waiver', step: 'excavation' })
    uploads[0]?.progress(4, 8)
    expect(
      (
        await within(dialog).findByRole('progressbar', { name: 'Uploading waiver.pdf' })
      ).getAttribute('value'),
    ).toBe('4')
    uploads[0]?.finish()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await idle()
    expect(within(deposit()).getByText('Unconditional waiver on file')).toBeTruthy()
  })
})
