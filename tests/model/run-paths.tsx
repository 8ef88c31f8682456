import { cleanup } from '@testing-library/react'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AnyStateMachine, EventFromLogic, SnapshotFrom } from 'xstate'
import type { TestModel, TestParam } from 'xstate/graph'
import { createTransitionRecorder, leafStates, percent } from './coverage'
import type { Driver } from './driver'
import { createFakeServer, type FakeServer } from './fake-server'
import { createJsdomDriver } from './jsdom-driver'
import { formatPath } from './paths'
import { realCoverage, type RealMachineId } from './real-machines'
import { formatRealCoverage } from './report'

/** Where the runs leave what they took of the real machines, for `npm run test:paths`. */
export const PATHS_DIR = path.resolve('.tmp/paths')

export type ModelRun<TMachine extends AnyStateMachine> = {
  /** The model's name, as `--model=` names it. */
  name: string
  model: TMachine
  testModel: TestModel<SnapshotFrom<TMachine>, EventFromLogic<TMachine>, unknown>
  walk: (driver: Driver) => TestParam<SnapshotFrom<TMachine>, EventFromLogic<TMachine>>
  /** Where each path starts: the page opened, and anything the server must hold first. */
  start: (driver: Driver, server: FakeServer) => Promise<void>
  /** The least share (%) of each named real machine's transitions the paths must take together. */
  realFloor?: Partial<Record<RealMachineId, number>>
}

const forgetCookies = () => {
  for (const cookie of document.cookie.split('; ')) {
    const name = cookie.split('=')[0]
    if (name) document.cookie = `${name}=; path=/; max-age=0`
  }
}

/**
 * Runs every shortest path of a model against the app in jsdom, each in a fresh browser and
 * fake server, records the real machines' transitions and leaves them in `.tmp/paths/`.
 */
export function describeModelPaths<TMachine extends AnyStateMachine>(run: ModelRun<TMachine>) {
  const recorder = createTransitionRecorder()
  let close: (() => void) | null = null

  beforeEach(() => {
    localStorage.clear()
    forgetCookies()
  })
  afterEach(() => {
    close?.()
    close = null
    cleanup()
  })
  afterAll(() => {
    fs.mkdirSync(PATHS_DIR, { recursive: true })
    const taken = recorder.taken()
    fs.writeFileSync(
      path.join(PATHS_DIR, `real-${run.name}.json`),
      `${JSON.stringify(taken, null, 2)}\n`,
    )
    console.log(`Real machines, from the ${run.name} model's paths in jsdom:\n`)
    console.log(formatRealCoverage(taken))
  })

  describe(`the ${run.name} walk`, () => {
    it('checks the screen of every state and acts out every event', () => {
      const { states = {}, events = {} } = run.walk(createJsdomDriver(createFakeServer()).driver)
      const prefix = `${run.model.id}.`
      expect(Object.keys(states).sort()).toEqual(
        leafStates(run.model)
          .map((id) => id.slice(prefix.length))
          .sort(),
      )
      expect(Object.keys(events).sort()).toEqual([...new Set(run.model.events)].sort())
    })
  })

  describe(`the app, along every shortest path of the ${run.name} model`, () => {
    for (const modelPath of run.testModel.getShortestPaths()) {
      it(formatPath(modelPath), { timeout: 60_000 }, async () => {
        const server = createFakeServer()
        const { driver, browser } = createJsdomDriver(server, recorder.inspect)
        close = browser.close
        await run.start(driver, server)
        await modelPath.test(run.walk(driver))
      })
    }
    // Declared last, so it runs once every path above has been recorded.
    for (const [id, floor] of Object.entries(run.realFloor ?? {})) {
      it(`take together at least ${floor} % of the real ${id} machine's transitions`, () => {
        const coverage = realCoverage(recorder.taken())[id as RealMachineId].all
        expect(percent(coverage), coverage.missing.join('\n')).toBeGreaterThanOrEqual(floor)
      })
    }
  })
}
