// @vitest-environment jsdom
import { cleanup } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderBuilder } from './harness'

afterEach(cleanup)

// One round trip per page: the reads a page shows are sent together, as it opens, one per list;
// none waits for another's answer (a part drawn once data came that then reads its own list
// would be a second round trip).

const PAGES = [
  [
    '/builder/overview',
    ['money', 'notifications', 'timeline', 'files', 'warranties', 'checklists', 'threads'],
  ],
  [
    '/builder/steel',
    ['money', 'timeline', 'trades', 'files', 'logs', 'poolData', 'bidRequests', 'threads'],
  ],
  ['/builder/budget', ['money', 'notices', 'trades', 'files', 'threads']],
] as const

describe('a page’s reads', () => {
  it.each(PAGES)('%s sends its reads together, one per list', async (path, lists) => {
    const log: string[] = []
    const view = await renderBuilder(path, {
      onCall: (moment, name) => log.push(`${moment} ${name}`),
    })
    await view.idle()
    const sent = log.filter((line) => line.startsWith('sent ')).map((line) => line.slice(5))
    expect([...sent].sort()).toEqual([...lists].sort())
    const firstAnswer = log.findIndex((line) => line.startsWith('answered '))
    expect(log.slice(firstAnswer).filter((line) => line.startsWith('sent '))).toEqual([])
  })
})
