import fsp from 'node:fs/promises'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { diskStore } from '../../../lib/storage/disk'
import { s3Store } from '../../../lib/storage/s3'
import { parseS3Url } from '../../../lib/storage/s3-url'
import type { FileStore } from '../../../lib/storage/types'

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the bytes of files live: DATA_DIR/files, or the bucket of S3_URL. */
    fileStore: FileStore
    /** Where uploads are streamed before they are checked and stored: this server's own. */
    stagingDir: string
  }
}

/**
 * Opens the file store of the settings (an unusable bucket stops start-up, naming S3_URL) and
 * empties the staging folder: what is in it was cut off by a crash and was never stored.
 */
export default fp(
  async function fileStore(app: FastifyInstance) {
    const { S3_URL, DATA_DIR } = app.settings
    const store = S3_URL
      ? await s3Store(parseS3Url(S3_URL))
      : diskStore(path.join(DATA_DIR, 'files'))
    const stagingDir = path.join(DATA_DIR, 'incoming')
    await fsp.rm(stagingDir, { recursive: true, force: true })
    await fsp.mkdir(stagingDir, { recursive: true })
    app.decorate('fileStore', store)
    app.decorate('stagingDir', stagingDir)
    app.addHook('onClose', async () => store.close())
  },
  { name: 'file-store', dependencies: ['core'] },
)
