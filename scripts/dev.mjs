// `npm run dev`: the API (tsx watch, restarts on change) on :3000 and Vite (hot reload) on :5173,
// which proxies /api to it. Output of both goes to this terminal; Ctrl-C stops both.
import { spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const bin = (...parts) => path.join(root, 'node_modules', ...parts)

const detached = process.platform !== 'win32'

const processes = [
  {
    name: 'api',
    args: [bin('tsx', 'dist', 'cli.mjs'), 'watch', '--clear-screen=false', 'server/main.ts'],
    // The browser talks to the API through Vite, so the API's CSRF check must expect Vite's origin.
    env: { PORT: '3000', PUBLIC_URL: 'http://localhost:5173' },
  },
  { name: 'web', args: [bin('vite', 'bin', 'vite.js')], env: {} },
]

let stopping = false
let exitCode = 0

const children = processes.map(({ name, args, env }) => {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    // No stdin: both tools would fight over the keyboard. Own process group: Ctrl-C reaches
    // this script only, which stops each child exactly once (a second signal forces a
    // server to exit without closing its database).
    stdio: ['ignore', 'inherit', 'inherit'],
    detached,
  })
  child.on('error', (error) => {
    console.error(`[dev] could not start ${name}: ${error.message}`)
    stop(1)
  })
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[dev] ${name} stopped (${signal ?? `exit ${code}`}); stopping the other one.`)
      stop(code || 1)
    }
    if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) process.exit(exitCode)
  })
  return child
})

function stop(code) {
  if (stopping) return
  stopping = true
  exitCode = code
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
  }
  // Whatever still runs after a grace period is killed outright, with its own children.
  setTimeout(() => {
    for (const child of children) {
      if (child.exitCode !== null || child.signalCode !== null) continue
      if (detached && child.pid) process.kill(-child.pid, 'SIGKILL')
      else child.kill('SIGKILL')
    }
    process.exit(exitCode)
  }, 12_000).unref()
}

process.on('SIGINT', () => stop(0))
process.on('SIGTERM', () => stop(0))
