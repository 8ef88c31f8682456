import type { TestParam } from 'xstate/graph'
import type { DocumentsModelEvent, DocumentsSnapshot } from './documents.model'
import type { Driver } from './driver'

const PHOTO = 'site.jpg'
const CAPTIONED = { file: 'dig.jpg', caption: 'Dig day one' }
const TEXT = 'notes.txt'
const EMPTY = 'No photos or documents yet.'

/**
 * How the owner does each event of the documents model, and what each of its states shows,
 * through a driver: the same walk runs in jsdom and in Chromium.
 */
export function documentsWalk(d: Driver): TestParam<DocumentsSnapshot, DocumentsModelEvent> {
  const page = () => d.expectScreen('Documents', '/builder/documents')
  /** One file shown, by `title`: its tile opens the viewer, its Delete asks first. */
  const oneFile = async (title: string) => {
    await page()
    await d.expectText(/^1 file$/)
    await d.expectRole('button', title)
    await d.expectRole('button', `Delete ${title}`)
  }
  const noFile = async () => {
    await page()
    await d.expectText(EMPTY)
    await d.expectText(/^0 files$/)
  }

  return {
    events: {
      UPLOAD_PHOTO: () => d.upload(PHOTO),
      UPLOAD_CAPTIONED: async () => {
        await d.fill('Caption', CAPTIONED.caption)
        await d.upload(CAPTIONED.file)
      },
      UPLOAD_TEXT: () => d.uploadText(TEXT),
      DISMISS: () => d.click('button', `Dismiss the message about ${TEXT}`),
      OPEN_VIEWER: () => d.click('button', PHOTO),
      CLOSE_VIEWER: () => d.click('button', 'Close'),
      DELETE: () => d.click('button', `Delete ${PHOTO}`),
      // The viewer's own Delete: inside the dialog, the page behind it is out of reach.
      DELETE_FROM_VIEWER: () => d.click('button', 'Delete'),
      CANCEL_DELETE: () => d.click('button', 'Cancel'),
      CONFIRM_DELETE: () => d.click('button', 'Delete file'),
      RELOAD: () => d.reload(),
    },
    states: {
      empty: async () => {
        await noFile()
        await d.expectNoRole('alert')
        await d.expectNoRole('dialog')
      },
      photo: async () => {
        await oneFile(PHOTO)
        await d.expectNoRole('dialog')
      },
      viewing: async () => {
        await d.expectRole('dialog', PHOTO)
        await d.expectText(/^1 of 1$/)
        await d.expectRole('button', 'Close')
      },
      confirmingDelete: async () => {
        await d.expectRole('dialog', 'Delete this file?')
        await d.expectText(`${PHOTO} will be deleted, with every copy of it.`)
        await d.expectNoRole('dialog', PHOTO)
      },
      captioned: async () => {
        await oneFile(CAPTIONED.caption)
        await d.expectNoRole('button', `Delete ${CAPTIONED.file}`)
      },
      refused: async () => {
        await noFile()
        await d.expectRole(
          'alert',
          `${TEXT} is not a photo or a PDF. Upload a JPEG, PNG, WebP or PDF file.`,
        )
        await d.expectNoRole('button', `Try uploading ${TEXT} again`)
      },
    },
  }
}
