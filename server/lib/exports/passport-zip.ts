/**
 * The passport's ZIP (PRODUCT.md §17, §19), streamed: the generated files first, then the
 * project's files in folders by kind, each opened only when the one before has been written, so
 * memory holds one file's chunk at a time however many files there are.
 */
import type { Readable } from 'node:stream'
import archiver, { type Archiver } from 'archiver'

/** A file the ZIP makes itself (the PDF and the CSVs): small, in memory. */
export type MadeFile = { name: string; body: string | Uint8Array }

/** One of the project's files: its folder, its uploaded name, and how to read its bytes. */
export type StoredEntry = {
  folder: string
  name: string
  /** The bytes as a stream, or null when they are gone (the entry is left out). */
  open: () => Promise<Readable | null>
}

/** Path separators and what a ZIP tool might read as a path become "_"; nothing is left empty. */
const safeName = (name: string) => name.replace(/[/\\\0]|^\.+$/g, '_').trim() || 'file'

/** "report.pdf", "report (2).pdf", …: a name not yet taken in its folder. */
export function uniqueName(taken: Set<string>, name: string) {
  const safe = safeName(name)
  const dot = safe.lastIndexOf('.')
  const [stem, extension] = dot > 0 ? [safe.slice(0, dot), safe.slice(dot)] : [safe, '']
  let candidate = safe
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${extension}`
  taken.add(candidate.toLowerCase())
  return candidate
}

/** Resolves once `archive` has written `count` entries; rejects if it errors or is closed first. */
function written(archive: Archiver, count: () => number, target: number) {
  return new Promise<void>((resolve, reject) => {
    if (count() >= target) return resolve()
    if (archive.destroyed) return reject(new Error('The ZIP was closed before it was written.'))
    const onEntry = () => {
      if (count() < target) return
      settle()
      resolve()
    }
    const onEnd = (error?: Error) => {
      settle()
      reject(error ?? new Error('The ZIP was closed before it was written.'))
    }
    const onClose = () => onEnd()
    const settle = () => {
      archive.off('entry', onEntry).off('error', onEnd).off('close', onClose)
    }
    archive.on('entry', onEntry).on('error', onEnd).on('close', onClose)
  })
}

/**
 * The ZIP as a stream. A stored file that cannot be read ends the stream with an error (the
 * download fails rather than arrives incomplete); `onMissing` hears of a file whose bytes are gone.
 */
export function passportZip(
  made: readonly MadeFile[],
  stored: Iterable<StoredEntry>,
  onMissing: (entry: StoredEntry) => void,
): Readable {
  const archive = archiver('zip', { zlib: { level: 6 } })
  let entries = 0
  archive.on('entry', () => entries++)
  const taken = new Map<string, Set<string>>()

  const fill = async () => {
    let appended = 0
    for (const file of made) {
      archive.append(typeof file.body === 'string' ? file.body : Buffer.from(file.body), {
        name: file.name,
      })
      appended++
    }
    for (const entry of stored) {
      const body = await entry.open()
      // The download was given up while the file was opened: it is closed unread.
      if (archive.destroyed) {
        body?.destroy()
        return
      }
      if (!body) {
        onMissing(entry)
        continue
      }
      const names = taken.get(entry.folder) ?? new Set<string>()
      taken.set(entry.folder, names)
      // Stored files are mostly PDFs and photos, compressed already: kept as they are.
      // archiver leaves a source's error unheard (it would be thrown): it ends the ZIP instead.
      body.once('error', (error) => archive.destroy(error))
      archive.append(body, {
        name: `${entry.folder}/${uniqueName(names, entry.name)}`,
        store: true,
      })
      appended++
      try {
        await written(archive, () => entries, appended)
      } finally {
        if (!body.readableEnded) body.destroy()
      }
    }
    await archive.finalize()
  }
  fill().catch((error: unknown) => {
    if (!archive.destroyed)
      archive.destroy(error instanceof Error ? error : new Error(String(error)))
  })
  return archive
}
