import fs from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { PassThrough } from 'node:stream'
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { LoginData, SessionData } from '../../contract'
import { build, type TestApp } from '../support/build'
import { expectProblem } from '../support/http'
import { callRaw } from '../support/call'
import { header, mimeParts, startSmtp } from '../support/smtp'

const sixDigits = (text: string) => {
  const code = /\b(\d{6})\b/.exec(text)?.[1]
  if (!code) throw new Error(`no 6-digit code in ${text}`)
  return code
}

/** A stream to log to, and the JSON lines logged to it. */
function logLines() {
  const lines: Record<string, unknown>[] = []
  const stream = new PassThrough()
  stream.setEncoding('utf8').on('data', (chunk: string) => {
    for (const line of chunk.split('\n').filter(Boolean))
      lines.push(JSON.parse(line) as Record<string, unknown>)
  })
  return { stream, lines }
}

async function askForCode(t: TestApp, email: string) {
  const res = await callRaw(t, 'login', { body: { email } })
  expect(res.statusCode, res.body).toBe(200)
  return LoginData.parse((res.json() as { Data: unknown }).Data).tempToken
}

describe('sign-in email over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>
  let t: TestApp
  beforeEach(async () => {
    smtp = await startSmtp()
    t = await build({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` })
  })
  afterEach(async () => {
    await t.app.close()
    await smtp.close()
  })

  it('delivers the code as text and HTML, and the code signs a new client up', async () => {
    const email = 'new.swimmer@example.com'
    const tempToken = await askForCode(t, email)
    await t.app.mailer.flush()

    expect(smtp.received).toHaveLength(1)
    const [message] = smtp.received
    if (!message) throw new Error('no message')
    expect(message.to).toEqual([email])
    expect(message.from).toBe('no-reply@poolpath.local')
    const headers = message.raw.slice(0, message.raw.search(/\r?\n\r?\n/))
    expect(header(headers, 'to')).toContain(email)

    const parts = mimeParts(message.raw)
    expect(parts.map((p) => p.type).sort()).toEqual(['text/html', 'text/plain'])
    const text = parts.find((p) => p.type === 'text/plain')?.body ?? ''
    const html = parts.find((p) => p.type === 'text/html')?.body ?? ''
    expect(text).not.toBe('')
    expect(html).toContain('<html')
    const code = sixDigits(text)
    expect(html).toContain(code)
    expect(header(headers, 'subject')).toContain(code)
    expect(text).toContain('valid for 10 minutes')
    expect(html).toContain('valid for 10 minutes')
    // With SMTP the outbox is not written, even when MAIL_OUTBOX_DIR is set.
    expect(await fs.readdir(t.outbox)).toEqual([])

    const verify = await callRaw(t, 'verify', { body: { code } }, { 'temp-token': tempToken })
    expectProblem(verify, 404, 'ACCOUNT_NOT_FOUND')

    const onboarding = await callRaw(
      t,
      'onboarding',
      {
        body: {
          code,
          name: 'New Swimmer',
          phone: '+1 512 555 0100',
          address: '1 Main St',
          city: 'Austin',
          state: 'TX',
        },
      },
      { 'temp-token': tempToken },
    )
    expect(onboarding.statusCode, onboarding.body).toBe(200)
    const session = SessionData.parse((onboarding.json() as { Data: unknown }).Data)
    expect(session.Token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/)
  })

  it('sends each requested code in its own email', async () => {
    await askForCode(t, 'one@example.com')
    await askForCode(t, 'two@example.com')
    await t.app.mailer.flush()
    expect(smtp.received.map((m) => m.to).sort()).toEqual([
      ['one@example.com'],
      ['two@example.com'],
    ])
  })
})

describe('a mail server that is down', () => {
  it('does not fail the sign-in request', async () => {
    // A port nobody listens on.
    const port = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, '127.0.0.1', () => {
        const address = server.address()
        server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
      })
    })
    const log = logLines()
    const t = await build(
      { SMTP_URL: `smtp://127.0.0.1:${port}`, LOG_LEVEL: 'error' },
      { logTo: log.stream },
    )
    try {
      await askForCode(t, 'someone@example.com')
      await expect(t.app.mailer.flush()).resolves.toBeUndefined()
      expect(await fs.readdir(t.outbox)).toEqual([])
      expect(log.lines.filter((line) => line.msg === 'mail not sent')).toEqual([
        expect.objectContaining({ mailTo: 'someone@example.com' }),
      ])
    } finally {
      await t.app.close()
    }
  })
})

describe('the development outbox (no SMTP_URL, MAIL_OUTBOX_DIR set)', () => {
  let t: TestApp
  beforeEach(async () => {
    t = await build()
  })
  afterEach(() => t.app.close())

  it('writes one JSON file per email, with the recipient and the bodies', async () => {
    await askForCode(t, 'first@example.com')
    await askForCode(t, 'second@example.com')
    await t.app.mailer.flush()

    const names = (await fs.readdir(t.outbox)).sort()
    expect(names).toHaveLength(2)
    const mails = await Promise.all(
      names.map(async (name) => {
        expect(name).toMatch(/\.json$/)
        return JSON.parse(await fs.readFile(path.join(t.outbox, name), 'utf8')) as {
          to: string
          text: string
          html: string
        }
      }),
    )
    expect(mails.map((m) => m.to).sort()).toEqual(['first@example.com', 'second@example.com'])
    for (const mail of mails) {
      const code = sixDigits(mail.text)
      expect(mail.text).toContain('valid for 10 minutes')
      expect(mail.html).toContain(code)
      expect(mail.html).toContain('<html')
    }
  })
})

describe('the development mail line (no SMTP_URL)', () => {
  /** What the app prints on standard output while `run` runs. */
  async function printedBy(run: () => Promise<void>) {
    const printed: string[] = []
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      printed.push(String(chunk))
      return true
    })
    try {
      await run()
    } finally {
      write.mockRestore()
    }
    return printed
  }
  const hello = { to: 'sam@example.com', subject: 'Hello', text: 'Hi Sam', html: '<p>Hi Sam</p>' }

  it('prints each email as one line, its summary or its recipient and subject, and logs it', async () => {
    const log = logLines()
    const t = await build({ LOG_LEVEL: 'info' }, { logTo: log.stream })
    const printed = await printedBy(async () => {
      await askForCode(t, 'pat@example.com')
      t.app.mailer.send(hello)
      await t.app.mailer.flush()
    })
    await t.app.close()
    expect(printed).toEqual([
      expect.stringMatching(/^Sign-in code for pat@example\.com: \d{6}\n$/),
      'Email to sam@example.com: Hello\n',
    ])
    expect(log.lines.filter((line) => line.mailTo === 'sam@example.com')).toEqual([
      expect.objectContaining({ subject: 'Hello', msg: 'development mail: Hi Sam' }),
    ])
  })

  it('prints nothing at the silent level, and a server that closes sends what it was sending', async () => {
    // An outbox of its own: the test app's is removed as it closes.
    const outbox = await fs.mkdtemp(path.join(os.tmpdir(), 'poolpath-closing-'))
    onTestFinished(() => fs.rm(outbox, { recursive: true }))
    const t = await build({ MAIL_OUTBOX_DIR: outbox })
    const printed = await printedBy(async () => {
      t.app.mailer.send(hello)
      await t.app.close()
    })
    expect(printed).toEqual([])
    const [name, ...more] = await fs.readdir(outbox)
    const mail = JSON.parse(await fs.readFile(path.join(outbox, name ?? ''), 'utf8')) as object
    expect(more).toEqual([])
    expect(mail).toMatchObject({ ...hello, from: 'PoolPath <no-reply@poolpath.local>' })
  })
})
