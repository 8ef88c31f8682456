import { PassThrough } from 'node:stream'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { build, type TestApp } from '../support/build'
import { bearer, requestCode } from '../support/http'
import { callRaw } from '../support/call'

let t: TestApp
let lines: string[]

/** An app logging at `level` into `lines`, its standard output a terminal or not. */
async function logging(level: 'info' | 'debug', terminal = false) {
  lines = []
  const stream = new PassThrough()
  stream
    .setEncoding('utf8')
    .on('data', (chunk: string) => lines.push(...chunk.split('\n').filter(Boolean)))
  t = await build({ LOG_LEVEL: level }, { logTo: stream, terminal })
}

beforeEach(() => logging('info'))
afterEach(() => t.app.close())

const messages = () => lines.map((line) => (JSON.parse(line) as { msg?: string }).msg)

describe('logs', () => {
  it('carry a request id on every request line and never a code or a token', async () => {
    const email = 'log-me@example.com'
    const { tempToken, code } = await requestCode(t, email)
    const onboarding = await callRaw(
      t,
      'onboarding',
      {
        body: {
          code,
          name: 'Lo Gger',
          phone: '5125550100',
          address: '1 Log Rd',
          city: 'Austin',
          state: 'TX',
        },
      },
      { 'temp-token': tempToken },
    )
    expect(onboarding.statusCode).toBe(200)
    const token: string = onboarding.json().Data.Token
    const refresh = onboarding.cookies.find((c) => c.name === 'refresh_token')?.value ?? ''
    await callRaw(
      t,
      'editStatus',
      { body: { onWaiting: true } },
      { ...bearer(token), cookie: `refresh_token=${refresh}` },
    )
    await callRaw(t, 'refresh', {}, { cookie: `refresh_token=${refresh}` })
    await t.app.mailer.flush()

    const entries = lines.map(
      (line) => JSON.parse(line) as { msg?: string; reqId?: string; req?: unknown },
    )
    const requestLines = entries.filter((e) => e.req !== undefined)
    expect(requestLines.length).toBeGreaterThanOrEqual(4)
    for (const entry of requestLines) expect(entry.reqId).toMatch(/^[0-9a-f-]{36}$/)

    // The development mailer's line is the one place a code may appear, by design.
    const others = lines.filter((line) => !line.includes('development mail'))
    expect(lines.length - others.length).toBe(1)
    for (const secret of [code, tempToken, token, refresh]) {
      expect(others.join('\n')).not.toContain(secret)
    }
  })

  it('keep request lines at info without a terminal, where a collector reads them', async () => {
    await requestCode(t, 'terminal@example.com')
    expect(messages()).toEqual(expect.arrayContaining(['incoming request', 'request completed']))
  })

  it('put request lines at debug on a terminal, so the few a person reads stand out', async () => {
    await t.app.close()
    await logging('info', true)
    await requestCode(t, 'terminal@example.com')
    expect(messages()).not.toContain('incoming request')
    expect(messages()).not.toContain('request completed')

    await t.app.close()
    await logging('debug', true)
    await requestCode(t, 'terminal@example.com')
    expect(messages()).toEqual(expect.arrayContaining(['incoming request', 'request completed']))
  })
})
