import fs from 'node:fs'
import net from 'node:net'

/** What the log may hold in memory while its reader is slow; beyond it, lines are dropped. */
export const LOG_BUFFER_BYTES = 1024 * 1024

export type LogDestination = {
  /** What pino writes each line to. */
  stream: { write(line: string): boolean }
  /** Resolves once what is buffered is written, or after `ms` when the reader does not read. */
  drained(ms: number): Promise<void>
}

/**
 * The log's way to standard output when that is a pipe or a socket (a journal, a container
 * runtime, a supervisor): written by the event loop on a non-blocking descriptor, so a reader
 * that stops reading costs log lines, never the service. pino's own destination writes a pipe
 * from the thread pool or synchronously, and a full pipe then blocks that write for good — and
 * with it the process's exit, which waits for it. Lines beyond `LOG_BUFFER_BYTES` buffered are
 * dropped and counted; once the reader catches up, one line says how many. Null for a terminal
 * or a file, which pino writes as it does.
 */
export function logDestination(
  fd = 1,
  limit = LOG_BUFFER_BYTES,
  now = () => Date.now(),
): LogDestination | null {
  const stat = fs.fstatSync(fd)
  if (!stat.isFIFO() && !stat.isSocket()) return null
  const out = new net.Socket({ fd, readable: false, writable: true })
  // Writing stdout must not keep a stopping process alive, nor an unread pipe's error end it.
  out.unref()
  out.on('error', () => out.destroy())
  let dropped = 0
  out.on('drain', () => {
    if (dropped === 0) return
    const line = {
      level: 40,
      time: now(),
      dropped,
      msg: `${dropped} log lines were dropped: standard output was not read`,
    }
    dropped = 0
    out.write(`${JSON.stringify(line)}\n`)
  })
  return {
    stream: {
      write(line) {
        if (out.destroyed || out.writableLength > limit) {
          dropped += 1
          return true
        }
        return out.write(line)
      },
    },
    drained: (ms) =>
      new Promise((resolve) => {
        if (out.writableLength === 0 || out.destroyed) return resolve()
        const timer = setTimeout(resolve, ms)
        timer.unref()
        out.once('drain', () => {
          clearTimeout(timer)
          resolve()
        })
      }),
  }
}
