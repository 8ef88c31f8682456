import { build, type TestApp } from '../support/build'
import { perTest } from '../support/per-test'
import { startSmtp } from '../support/smtp'

const PUBLIC_URL = { PUBLIC_URL: 'https://pool.example.com' }

/**
 * Per test: a real SMTP listener, and the servers a test builds with `build` (all closed after
 * it, then the listener). The first is the one the client uses, its job all but idle; then
 * `count` on its database whose jobs email through the listener every `notifyInterval` seconds.
 */
export function notifyingServersPerTest() {
  const smtp = perTest(startSmtp, (listener) => listener.close())
  const apps = perTest(
    async () => ({ all: [] as TestApp[] }),
    async ({ all }) => {
      for (const made of all) await made.app.close()
    },
  )
  async function buildServers(count: number, notifyInterval: string) {
    const t = await build({ ...PUBLIC_URL, NOTIFY_INTERVAL: '3600' })
    apps.all.push(t)
    const senders: TestApp[] = []
    for (let i = 0; i < count; i++) {
      const made = await build(
        {
          ...PUBLIC_URL,
          SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
          NOTIFY_INTERVAL: notifyInterval,
        },
        { besides: t },
      )
      apps.all.push(made)
      senders.push(made)
      await made.app.ready()
    }
    return { t, senders }
  }
  return { smtp, build: buildServers }
}
