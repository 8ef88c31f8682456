import { cleanup } from '@testing-library/react'
import axe from 'axe-core'
import { afterEach, beforeAll } from 'vitest'

/** Gives the document what index.html gives the real page, and empties it after each test. */
export function likeTheRealPage() {
  afterEach(cleanup)
  beforeAll(() => {
    document.documentElement.lang = 'en'
    document.title = 'PoolPath'
  })
}

/** Rule ids that fail; colour contrast needs layout, which jsdom lacks (e2e checks it). */
export async function violations() {
  const result = await axe.run(document, { rules: { 'color-contrast': { enabled: false } } })
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)
}
