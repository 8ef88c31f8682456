import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { logDestination } from '../../server/lib/log-destination'

const opened: (net.Socket | number)[] = []

/** A named pipe with a reader that reads only when told, and the writer's descriptor. */
function pipe() {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'poolpath-log-')), 'stdout')
  execFileSync('mkfifo', [file])
  const reader = new net.Socket({
    fd: fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK),
  })
  reader.pause()
  // The destination's socket owns the writer's descriptor: it is not closed here, or its number
  // would be reused while the event loop still watches it.
  const writer = fs.openSync(file, fs.constants.O_WRONLY)
  opened.push(reader)
  return { reader, writer }
}

afterEach(() => {
  for (const end of opened.splice(0))
    if (typeof end === 'number') fs.closeSync(end)
    else end.destroy()
})

describe('the log on a pipe', () => {
  it('never blocks on a reader that stops reading: it drops lines beyond its buffer', () => {
    const { writer } = pipe()
    const log = logDestination(writer, 64 * 1024)
    if (!log) throw new Error('a pipe takes the non-blocking destination')
    const line = `${'x'.repeat(1023)}\n`
    const started = performance.now()
    // 8 MB: far more than the pipe and the buffer hold.
    for (let i = 0; i < 8 * 1024; i++) log.stream.write(line)
    expect(performance.now() - started).toBeLessThan(2_000)
  })

  it('says how many lines it dropped once the reader catches up', async () => {
    const { reader, writer } = pipe()
    const log = logDestination(writer, 64 * 1024, () => 1_700_000_000_000)
    if (!log) throw new Error('a pipe takes the non-blocking destination')
    const line = `${'x'.repeat(1023)}\n`
    for (let i = 0; i < 1024; i++) log.stream.write(line)
    let read = ''
    reader.setEncoding('utf8').on('data', (chunk: string) => (read += chunk))
    reader.resume()
    await log.drained(5_000)
    await new Promise((resolve) => setTimeout(resolve, 100))
    const notice = read
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { level: number; dropped: number; msg: string })
    expect(notice).toHaveLength(1)
    expect(notice[0]).toMatchObject({ level: 40, time: 1_700_000_000_000 })
    const kept = read.split('\n').filter((l) => l.startsWith('x')).length
    expect(notice[0]?.dropped).toBe(1024 - kept)
    expect(notice[0]?.dropped).toBeGreaterThan(0)
    expect(notice[0]?.msg).toBe(
      `${notice[0]?.dropped} log lines were dropped: standard output was not read`,
    )
  })

  it('leaves a terminal or a file to pino', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'poolpath-log-')), 'log')
    const fd = fs.openSync(file, 'w')
    opened.push(fd)
    expect(logDestination(fd)).toBeNull()
  })
})
