// GET /api/admin/projects as the admin, on the same seeded back office as the admin fetch
// (PRODUCT.md §18): every client's project with its flags, computed on each request.
import { median, timedGet, FETCH_TIMEOUT_SECONDS } from './admin-fetch'
import type { Target } from './load'
import type { Server } from './processes'

/** Timed one after another once warm: the median and the worst. */
const READS = 5
/** Each answer is computed afresh (hundreds of ms at 10,000 clients): a couple at once. */
const PROJECTS_CONNECTIONS = 2

export type ProjectsAnswer = { rows: number; bytes: number; firstMs: number; readMs: number[] }

/** The first answer, then a few more, each timed to its last byte. */
export async function projectsAnswer(real: Server, token: string): Promise<ProjectsAnswer> {
  const url = `${real.origin}/api/admin/projects`
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' }
  const first = await timedGet(url, headers)
  if (first.status !== 200) throw new Error(`GET /api/admin/projects answered ${first.status}`)
  const { Data } = JSON.parse(first.body.toString('utf8')) as { Data: unknown[] }
  const readMs: number[] = []
  for (let i = 0; i < READS; i++) readMs.push((await timedGet(url, headers)).ms)
  return { rows: Data.length, bytes: first.body.length, firstMs: first.ms, readMs }
}

export const projectsTarget = (real: Server, token: string): Target => ({
  label: 'GET /api/admin/projects',
  origin: real.origin,
  path: '/api/admin/projects',
  connections: PROJECTS_CONNECTIONS,
  timeoutSeconds: FETCH_TIMEOUT_SECONDS,
  headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' },
})

/** The lines beside the admin fetch's: Projects' answer and its reads. */
export function projectsLines(answer: ProjectsAnswer, fetchRebuildMs: number[]): string[] {
  return [
    `Projects (GET /api/admin/projects as the admin): ${answer.rows.toLocaleString('en-US')} rows, ` +
      `${answer.bytes.toLocaleString('en-US')} bytes of JSON; first answer ` +
      `${Math.round(answer.firstMs)} ms, then median ${Math.round(median(answer.readMs))} ms, ` +
      `worst ${Math.round(Math.max(...answer.readMs))} ms of ${answer.readMs.length}; beside ` +
      `the admin fetch's rebuild median of ${Math.round(median(fetchRebuildMs))} ms in this run.`,
  ]
}
