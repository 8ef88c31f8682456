import { describe, expect, it } from 'vitest'
import { definedTransitions, modelCoverage } from './coverage'
import { MODELS } from './models'
import { REAL_MACHINES, UNREACHABLE } from './real-machines'

describe('the generated paths', () => {
  for (const { name, model, shortestPaths } of MODELS) {
    it(`visit every state and take every transition of the ${name} model`, () => {
      const coverage = modelCoverage(model, shortestPaths())
      expect(coverage.states.missing).toEqual([])
      expect(coverage.transitions.missing).toEqual([])
    })
  }
})

describe('the transitions counted as out of reach', () => {
  it('are still transitions of the real machines', () => {
    const defined = new Set(Object.values(REAL_MACHINES).flatMap(definedTransitions))
    expect(Object.keys(UNREACHABLE).filter((key) => !defined.has(key))).toEqual([])
  })
})
