import { describe, expect, it } from 'vitest'
import { curvedPath } from '../../contract/pool-outline'

describe('the outline of a curved pool', () => {
  it('stretches the kidney to the box, from its start round to a close', () => {
    const path = curvedPath('kidney', { x: 10, y: 20, width: 200, height: 100 })
    expect(path.startsWith('M 60 20 C 100 20, 130 24, 166 24 C 200 24, 210 45, 210 65 C ')).toBe(
      true,
    )
    expect(path.endsWith('C 10 40, 26 20, 60 20 Z')).toBe(true)
    expect(path.match(/C /g)).toHaveLength(7)
  })

  it('draws the freeform its own way', () => {
    expect(curvedPath('freeform', { x: 0, y: 0, width: 100, height: 100 })).toMatch(
      /^M 30 0 C 50 0, 60 15, 75 15 /,
    )
  })

  it('rounds to a tenth', () => {
    expect(curvedPath('kidney', { x: 0.04, y: 0.06, width: 1, height: 1 })).toMatch(
      /^M 0\.3 0\.1 C 0\.5 0\.1, 0\.6 0\.1, 0\.8 0\.1 /,
    )
  })
})
