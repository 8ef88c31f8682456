import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import net from 'node:net'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
// tsx's own CLI (what node_modules/.bin/tsx links to), run by this very Node binary: the
// `#!/usr/bin/env node` of the .bin link could pick another Node from PATH.
const tsxCli = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs')

const HOST = '127.0.0.1'
const READY_TIMEOUT_MS = 60_000
const STOP_TIMEOUT_MS = 5_000
const OUTPUT_TAIL_CHARS = 4_000

export type Server = {
  name: string
  origin: string
  child: ChildProcess
  /** The last few KB the server printed, to explain a failed start. */
  output(): string
}

const running = new Set<ChildProcess>()

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null

/** A port the OS just handed out; free again once the probe closes. */
export async function freePort(): Promise<number> {
  const probe = net.createServer()
  probe.listen(0, HOST)
  await once(probe, 'listening')
  const address = probe.address()
  probe.close()
  if (address === null || typeof address === 'string') throw new Error('no TCP port available')
  return address.port
}

function keepTail(child: ChildProcess): () => string {
  let tail = ''
  const append = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-OUTPUT_TAIL_CHARS)
  }
  child.stdout?.on('data', append)
  child.stderr?.on('data', append)
  return () => tail
}

type StartOptions = { name: string; script: string; readyPath: string; env: NodeJS.ProcessEnv }

/** Spawns `tsx <script>` on a free port and resolves once `readyPath` answers 2xx. */
export async function startServer({ name, script, readyPath, env }: StartOptions): Promise<Server> {
  const port = await freePort()
  const child = spawn(process.execPath, [tsxCli, script], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Own process group: Ctrl-C reaches the bench only, which then stops each server once
    // (a second signal would make the real server exit without closing its database).
    detached: true,
  })
  running.add(child)
  child.once('exit', () => running.delete(child))
  const server = { name, origin: `http://${HOST}:${port}`, child, output: keepTail(child) }
  await waitUntilReady(server, readyPath)
  return server
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) })
    await response.arrayBuffer()
    return response.ok
  } catch {
    return false
  }
}

async function waitUntilReady(server: Server, readyPath: string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (hasExited(server.child)) {
      throw new Error(`${server.name} exited during start-up:\n${server.output()}`)
    }
    if (await answers(server.origin + readyPath)) return
    await sleep(200)
  }
  throw new Error(
    `${server.name} did not answer ${readyPath} within ${READY_TIMEOUT_MS / 1000} s:\n${server.output()}`,
  )
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined) return
  try {
    process.kill(-child.pid, signal)
  } catch {
    // The group is already gone.
  }
}

/** SIGTERM to tsx (which relays it to the server); the whole group is killed if that hangs. */
async function stop(child: ChildProcess): Promise<void> {
  if (hasExited(child)) return
  const exited = once(child, 'exit')
  child.kill('SIGTERM')
  // Unref'd: once the server is gone, this timer must not hold the bench open.
  const timer = sleep(STOP_TIMEOUT_MS, 'timeout' as const, { ref: false })
  if ((await Promise.race([exited, timer])) === 'timeout') killGroup(child, 'SIGKILL')
}

export async function stopAllServers(): Promise<void> {
  await Promise.all([...running].map(stop))
}

/** Last resort when the bench dies without its cleanup: nothing it started may outlive it. */
export function killAllServersNow(): void {
  for (const child of running) killGroup(child, 'SIGKILL')
}
