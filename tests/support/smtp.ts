import { SMTPServer } from 'smtp-server'

type Received = { from: string; to: string[]; raw: string }
type Part = { type: string; body: string }

/** A real SMTP server on 127.0.0.1 that keeps every message it is given. */
export async function startSmtp() {
  const received: Received[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('error', callback)
      stream.on('end', () => {
        const from = session.envelope.mailFrom
        received.push({
          from: from ? from.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const address = server.server.address()
  if (typeof address !== 'object' || !address) throw new Error('the SMTP server has no port')
  return {
    received,
    port: address.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

const unfold = (headers: string) => headers.replace(/\r?\n[ \t]+/g, ' ')

export const header = (headers: string, name: string) =>
  new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfold(headers))?.[1]?.trim()

function decode(body: string, encoding: string | undefined) {
  switch (encoding?.toLowerCase()) {
    case 'quoted-printable': {
      const bytes = body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) =>
          String.fromCharCode(parseInt(hex, 16)),
        )
      return Buffer.from(bytes, 'latin1').toString('utf8')
    }
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
    default:
      return body
  }
}

/** The leaf parts of a (possibly multipart) MIME message, each decoded: enough for these tests. */
export function mimeParts(raw: string): Part[] {
  const split = raw.search(/\r?\n\r?\n/)
  const headers = raw.slice(0, split)
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '')
  const contentType = header(headers, 'content-type') ?? 'text/plain'
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1]
  if (contentType.toLowerCase().startsWith('multipart/') && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .flatMap((part) => mimeParts(part.replace(/^\r?\n/, '')))
  }
  return [
    {
      type: (contentType.split(';')[0] ?? '').trim().toLowerCase(),
      body: decode(body, header(headers, 'content-transfer-encoding')),
    },
  ]
}
