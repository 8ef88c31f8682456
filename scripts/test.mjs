// `npm test`: lint, typecheck and build, then every Vitest project. Arguments go to Vitest,
// e.g. `npm test -- --project e2e` or `npm test -- --reporter=json --outputFile.json=out.json`.
import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import path from 'node:path'

const require = createRequire(import.meta.url)
const vitest = path.join(path.dirname(require.resolve('vitest/package.json')), 'vitest.mjs')

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
const steps = [
  [npm, ['run', 'lint']],
  [npm, ['run', 'typecheck']],
  [npm, ['run', 'build']],
  [process.execPath, [vitest, 'run', ...process.argv.slice(2)]],
]

for (const [command, args] of steps) {
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    shell: process.platform === 'win32',
  })
  if (result.error) {
    console.error(`Could not run ${command} ${args.join(' ')}: ${result.error.message}`)
    process.exit(1)
  }
  if (result.status !== 0) process.exit(result.status ?? 1)
}
