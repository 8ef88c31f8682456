import type { NotificationSwitch } from '../../contract'
import type { TestApp } from '../support/build'
import { call } from '../support/call'

/** Moves the server's clock to noon of `day` (local time, the project's calendar). */
export function setToday(t: TestApp, day: string) {
  t.clock.advance(new Date(`${day}T12:00:00`).getTime() - t.clock.now().getTime())
}

/** Pool design, engineering and permits done: the layout inspection is ready. */
export async function permitsDone(t: TestApp, headers: Record<string, string>) {
  for (const Title of ['Pool Design', 'Engineering', 'Permits'] as const)
    await call(t, 'markDone1', { body: { Title, done: true } }, headers)
}

/** Every email switch on but `name` (PUT /api/notifications). */
export async function emailsWithout(
  t: TestApp,
  headers: Record<string, string>,
  name: NotificationSwitch,
) {
  const body = {
    inspectionReminders: true,
    stepUpdates: true,
    warrantyReminders: true,
    tradeInsurance: true,
    [name]: false,
  }
  await call(t, 'setNotifications', { body }, headers)
}
