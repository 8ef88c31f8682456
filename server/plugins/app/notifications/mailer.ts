import fs from 'node:fs/promises'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import nodemailer from 'nodemailer'
import { randomToken } from '../../../lib/crypto'

export type Mail = {
  to: string
  subject: string
  text: string
  html: string
  /** Without SMTP, printed as one plain line, e.g. `Sign-in code for pat@example.com: 123456`. */
  summary?: string
  /** Extra headers, e.g. RFC 8058's `List-Unsubscribe`. */
  headers?: Record<string, string>
}

export type Mailer = {
  /** Sends in the background, so a slow mail server never slows (or times) a request. */
  send(mail: Mail): void
  /** Hands `mail` over now; rejects when it could not be (for a caller that retries). */
  deliver(mail: Mail): Promise<void>
  /** Resolves once every mail sent so far has been handed over. */
  flush(): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer
  }
}

/**
 * SMTP when SMTP_URL is set. Otherwise each email is logged (the one log line that may carry
 * a code, by design, for development), printed as one plain line that a person can read among
 * the JSON log (unless LOG_LEVEL is silent), and written to MAIL_OUTBOX_DIR as one JSON file.
 */
export default fp(
  async function mailer(app: FastifyInstance) {
    const { SMTP_URL, MAIL_FROM, MAIL_OUTBOX_DIR, LOG_LEVEL } = app.settings
    const transport = SMTP_URL ? nodemailer.createTransport(SMTP_URL) : null
    const pending = new Set<Promise<void>>()

    const deliver = async ({ summary, ...mail }: Mail) => {
      if (transport) {
        await transport.sendMail({ from: MAIL_FROM, ...mail })
        return
      }
      app.log.info({ mailTo: mail.to, subject: mail.subject }, `development mail: ${mail.text}`)
      if (LOG_LEVEL !== 'silent') {
        process.stdout.write(`${summary ?? `Email to ${mail.to}: ${mail.subject}`}\n`)
      }
      if (MAIL_OUTBOX_DIR) {
        await fs.mkdir(MAIL_OUTBOX_DIR, { recursive: true })
        const now = app.clock()
        const name = `${now.getTime()}-${randomToken(6)}.json`
        const file = { ...mail, from: MAIL_FROM, date: now.toISOString() }
        // Written aside, then renamed: a reader never sees half a file under a .json name.
        const partial = path.join(MAIL_OUTBOX_DIR, `.${name}.partial`)
        await fs.writeFile(partial, JSON.stringify(file, null, 2))
        await fs.rename(partial, path.join(MAIL_OUTBOX_DIR, name))
      }
    }

    const send: Mailer['send'] = (mail) => {
      const job = deliver(mail)
        .catch((err: unknown) => app.log.error({ err, mailTo: mail.to }, 'mail not sent'))
        .finally(() => pending.delete(job))
      pending.add(job)
    }
    const flush = async () => {
      await Promise.all([...pending])
    }

    app.decorate('mailer', { send, deliver, flush })
    app.addHook('onClose', async () => {
      await flush()
      transport?.close()
    })
  },
  { name: 'mailer', dependencies: ['core'] },
)
