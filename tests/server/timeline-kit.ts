import { expect } from 'vitest'
import type { TestApp } from '../support/build'
import { put } from './client-kit'

/** Moves the server's clock to noon of `day` (local time, the project's calendar). */
export function setToday(t: TestApp, day: string) {
  t.clock.advance(new Date(`${day}T12:00:00`).getTime() - t.clock.now().getTime())
}

/** Pool design, engineering and permits done: the layout inspection is ready. */
export async function permitsDone(t: TestApp, headers: Record<string, string>) {
  for (const Title of ['Pool Design', 'Engineering', 'Permits'])
    expect((await put(t, '/api/mark-done1', { Title, done: true }, headers)).statusCode).toBe(200)
}
