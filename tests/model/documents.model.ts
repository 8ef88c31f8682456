import { setup, type SnapshotFrom } from 'xstate'
import { keyedTestModel } from './paths'

/**
 * A pure model of the owner's Documents (`/builder/documents`, PRODUCT.md §11): a photo added,
 * looked at in the viewer and deleted (from its tile or from the viewer, each asked first), a
 * photo added with a caption that a reload still shows, and a file that is neither a photo nor a
 * PDF refused. documents.walk.ts says how the owner does each event and what each state shows;
 * its paths run in jsdom (documents.model.test.tsx) and in Chromium
 * (tests/e2e/documents-paths.test.ts). Free of test-runner imports: the QA script loads it.
 */

export type DocumentsModelEvent =
  /** "Add files" with one photo, no caption. */
  | { type: 'UPLOAD_PHOTO' }
  /** A caption typed, then "Add files" with one photo. */
  | { type: 'UPLOAD_CAPTIONED' }
  /** "Add files" with a text file. */
  | { type: 'UPLOAD_TEXT' }
  /** "Dismiss" on the refusal. */
  | { type: 'DISMISS' }
  /** The photo's tile opens the viewer. */
  | { type: 'OPEN_VIEWER' }
  | { type: 'CLOSE_VIEWER' }
  /** The tile's Delete. */
  | { type: 'DELETE' }
  /** The viewer's Delete. */
  | { type: 'DELETE_FROM_VIEWER' }
  | { type: 'CANCEL_DELETE' }
  | { type: 'CONFIRM_DELETE' }
  | { type: 'RELOAD' }

export const documentsModel = setup({
  types: { events: {} as DocumentsModelEvent },
}).createMachine({
  id: 'documents',
  // The owner, signed in with "Remember me" before, opens Documents with no file yet.
  initial: 'empty',
  states: {
    /** "Documents", saying there are no photos or documents yet, and "Add files". */
    empty: {
      on: { UPLOAD_PHOTO: 'photo', UPLOAD_CAPTIONED: 'captioned', UPLOAD_TEXT: 'refused' },
    },
    /** The photo's tile, named by its file name, "1 file". */
    photo: { on: { OPEN_VIEWER: 'viewing', DELETE: 'confirmingDelete' } },
    /** The viewer over the page: the photo, "1 of 1", "Delete", "Close". */
    viewing: { on: { CLOSE_VIEWER: 'photo', DELETE_FROM_VIEWER: 'confirmingDelete' } },
    /** "Delete this file?" naming the photo, "Delete file" and "Cancel". */
    confirmingDelete: { on: { CANCEL_DELETE: 'photo', CONFIRM_DELETE: 'empty' } },
    /** The photo's tile, named by its caption. */
    captioned: { on: { RELOAD: 'captioned' } },
    /** The refusal saying the file is not a photo or a PDF, no "Try again"; no file. */
    refused: { on: { DISMISS: 'empty' } },
  },
})

export type DocumentsSnapshot = SnapshotFrom<typeof documentsModel>

export const createDocumentsTestModel = () => keyedTestModel(documentsModel, [])
