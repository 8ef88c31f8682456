import { beforeAll, describe, it } from 'vitest'
import type { AnyStateMachine, EventFromLogic, SnapshotFrom } from 'xstate'
import type { TestModel, TestParam } from 'xstate/graph'
import type { Driver } from '../../model/driver'
import { coveringPaths, formatPath } from '../../model/paths'
import { createChromiumDriver } from './chromium-driver'
import { useE2e } from './e2e'
import { pathServer, type PathServer, type People } from './path-server'

/** Codes per email per 15 minutes: the server's default, which the walks' refusals count on. */
const CODES_PER_EMAIL = 5

/** A path's person: `first.{tag}@example.com`, so no two paths share an address. */
export const taggedPerson =
  (tag: string) =>
  (name: string, first: string, city = '', state = '') => ({
    email: `${first}.${tag}@example.com`,
    name,
    city,
    state,
  })

export type ChromiumRun<TMachine extends AnyStateMachine> = {
  /** The model's name, as `npm run test:paths -- --model=` names it. */
  name: string
  model: TMachine
  testModel: TestModel<SnapshotFrom<TMachine>, EventFromLogic<TMachine>, unknown>
  walk: (driver: Driver) => TestParam<SnapshotFrom<TMachine>, EventFromLogic<TMachine>>
  /** Server settings beside the login limits (PRODUCT.md §7). */
  env?: Record<string, string>
  /** Whether paths may run side by side: none disturbs what another's people see. */
  concurrent: boolean
  /** What every path needs of the server, set up once. */
  prepare: (server: PathServer) => Promise<void>
  /** A path's people (`tag` tells them from other paths'), and what the server holds for them. */
  people: (server: PathServer, tag: string) => Promise<People>
  /** Where each path starts: the page opened. */
  start: (driver: Driver) => Promise<void>
}

/**
 * Runs the fewest shortest paths of a model that take all its transitions (`coveringPaths`)
 * against the built app in Chromium and the real server: one server per file, a fresh browser
 * context and people of its own per path.
 */
export function describeChromiumPaths<TMachine extends AnyStateMachine>(
  run: ChromiumRun<TMachine>,
) {
  const e2e = useE2e({
    env: {
      // Every path signs in from the same address.
      LOGIN_LIMIT_PER_IP: '100000',
      VERIFY_LIMIT_PER_IP: '100000',
      LOGIN_LIMIT_PER_EMAIL: String(CODES_PER_EMAIL),
      ...run.env,
    },
  })
  const server = pathServer(e2e)
  beforeAll(() => run.prepare(server))

  const paths = coveringPaths(run.model, run.testModel.getShortestPaths())
  const inChromium = run.concurrent ? describe.concurrent : describe
  inChromium(`the app in Chromium, along the ${run.name} model's covering paths`, () => {
    paths.forEach((modelPath, index) => {
      it(formatPath(modelPath), { timeout: 120_000 }, async () => {
        const people = await run.people(server, `p${index}`)
        const { driver, close } = await createChromiumDriver({
          browser: e2e.browser,
          server,
          people,
          codesPerEmail: CODES_PER_EMAIL,
        })
        try {
          await run.start(driver)
          await modelPath.test(run.walk(driver))
        } finally {
          await close()
        }
      })
    })
  })
}
