import crypto from 'node:crypto'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import { FILE_VARIANTS } from '../../../contract/documents'
import { nameOf, objectName, type Bytes, type FileStore, type StoredObject } from './types'

/** Leftovers of a write that never finished end so: never a whole variant's name. */
const PARTIAL = '.partial'

/**
 * Files on the local disk, under `root/<first two characters of the id>/<id>.<variant>`. A
 * variant is written to a temporary name in the same folder, flushed to disk (fsync) and then
 * renamed, so a crash leaves either the whole file or a `.partial` leftover for the sweep.
 */
export function diskStore(root: string): FileStore {
  const folderOf = (name: string) => path.join(root, name.slice(0, 2))
  const pathOf = (name: string) => path.join(folderOf(name), name)

  async function writeWhole(target: string, bytes: Bytes) {
    const temporary = `${target}.${crypto.randomBytes(6).toString('hex')}${PARTIAL}`
    const handle = await fsp.open(temporary, 'wx', 0o600)
    try {
      if (Buffer.isBuffer(bytes)) await handle.writeFile(bytes)
      else for await (const chunk of fs.createReadStream(bytes.path)) await handle.write(chunk)
      await handle.sync()
    } catch (error) {
      await handle.close()
      await fsp.rm(temporary, { force: true })
      throw error
    }
    await handle.close()
    await fsp.rename(temporary, target)
  }

  /** fsync of the folder, so the rename itself survives a power cut. */
  async function syncFolder(folder: string) {
    const handle = await fsp.open(folder, 'r')
    try {
      await handle.sync()
    } finally {
      await handle.close()
    }
  }

  return {
    kind: 'disk',

    async put(fileId, variant, bytes) {
      const name = objectName(fileId, variant)
      await fsp.mkdir(folderOf(name), { recursive: true })
      await writeWhole(pathOf(name), bytes)
      await syncFolder(folderOf(name))
    },

    async get(fileId, variant) {
      const file = pathOf(objectName(fileId, variant))
      try {
        const handle = await fsp.open(file, 'r')
        const { size } = await handle.stat()
        return { body: handle.createReadStream(), size }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw error
      }
    },

    async remove(fileIds) {
      await Promise.all(
        fileIds.flatMap((id) =>
          FILE_VARIANTS.map((variant) => fsp.rm(pathOf(objectName(id, variant)), { force: true })),
        ),
      )
    },

    async *list(): AsyncIterable<StoredObject> {
      const folders = await fsp.readdir(root, { withFileTypes: true }).catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
        throw error
      })
      for (const folder of folders) {
        if (!folder.isDirectory()) continue
        for (const entry of await fsp.readdir(path.join(root, folder.name))) {
          const ours = nameOf(entry)
          const stat =
            ours && (await fsp.stat(path.join(root, folder.name, entry)).catch(() => null))
          if (ours && stat?.isFile()) yield { name: entry, ...ours, modifiedAt: stat.mtime }
        }
      }
    },

    async removeObjects(names) {
      // Only names of ours: nothing else in the folder is ever touched.
      const ours = names.filter((name) => nameOf(name) !== null)
      await Promise.all(ours.map((name) => fsp.rm(pathOf(name), { force: true })))
    },

    close: () => undefined,
  }
}
