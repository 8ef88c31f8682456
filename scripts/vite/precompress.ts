import fs from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import type { Plugin } from 'vite'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)
const COMPRESSIBLE = /\.(js|css|html|svg|json)$/
// Below this, the compressed file saves less than its own headers cost.
const MIN_BYTES = 1024

/**
 * Writes a .br and a .gz beside every text file of the build, once, at the highest levels, so
 * the server sends compressed bytes without compressing on each request.
 */
export function precompress(): Plugin {
  let outDir = 'dist'
  return {
    name: 'poolpath:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    async closeBundle() {
      const files = (await fs.readdir(outDir, { recursive: true })).filter((f) =>
        COMPRESSIBLE.test(f),
      )
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file)
          const data = await fs.readFile(full)
          if (data.length < MIN_BYTES) return
          const [br, gz] = await Promise.all([
            brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
            gzip(data, { level: 9 }),
          ])
          await Promise.all([fs.writeFile(`${full}.br`, br), fs.writeFile(`${full}.gz`, gz)])
        }),
      )
    },
  }
}
