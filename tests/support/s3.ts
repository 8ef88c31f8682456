import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'

export const S3_BUCKET = 'poolpath-test'

/**
 * A real S3 API server (s3rver) on 127.0.0.1 and a free port, its data in a temporary folder.
 * `url(folder)` is an S3_URL for a folder of its own in the one bucket, so tests stay apart.
 */
export async function startS3() {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'poolpath-s3-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: S3_BUCKET }],
  })
  const { port } = await server.run()
  return {
    port,
    /** s3rver's own credentials; a fresh folder each time unless one is named. */
    url: (folder = crypto.randomUUID()) =>
      `http://S3RVER:S3RVER@127.0.0.1:${port}/${S3_BUCKET}/${folder}`,
    close: async () => {
      await server.close()
      await fs.rm(directory, { recursive: true, force: true })
    },
  }
}
