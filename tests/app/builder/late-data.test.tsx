// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { NonStageEntry } from '../../../contract'
import type { ClientActor } from '../../../machines/client/client.machine'
import { designEntry, emptyPoolData, renderBuilder } from './harness'
import { REFERENCE_POOL } from '../../../contract/estimator'

afterEach(cleanup)

/** A refresh answers the pool data with `entries` as saved elsewhere (another tab, a reload). */
const refreshWith = (client: ClientActor | undefined, ...entries: NonStageEntry[]) =>
  act(() => {
    client?.send({ type: 'client.refreshStarted' })
    client?.send({
      type: 'client.dataRefreshed',
      data: { poolData: emptyPoolData({ nonStages: entries }), Flag: true },
    })
  })

const field = (name: string) => screen.getByRole('spinbutton', { name }) as HTMLInputElement

/** Pool data arriving after the page (a refresh bringing it back, another tab saving). */
describe('a form whose saved value arrives late', () => {
  it('the design form follows it while the client has not typed', async () => {
    const { client } = await renderBuilder('/builder/pool-design')
    expect(field('Length (ft)').value).toBe('32')
    refreshWith(client(), designEntry({ ...REFERENCE_POOL, lengthFt: 40 }))
    expect(field('Length (ft)').value).toBe('40')
  })

  it('keeps what the client typed', async () => {
    const { client, user } = await renderBuilder('/builder/pool-design')
    await user.clear(field('Width (ft)'))
    await user.type(field('Width (ft)'), '18')
    refreshWith(client(), designEntry({ ...REFERENCE_POOL, widthFt: 12 }))
    expect(field('Width (ft)').value).toBe('18')
  })

  it('the permit number follows it while the client has not typed', async () => {
    const { client } = await renderBuilder('/builder/permits')
    const permit = () => screen.getByRole('textbox', { name: /^Permit number/ }) as HTMLInputElement
    expect(permit().value).toBe('')
    refreshWith(client(), {
      Title: 'Permits',
      choices: { permitNumber: 'BP-7' },
      done: false,
      doneAt: null,
      quotes: [],
    })
    expect(permit().value).toBe('BP-7')
  })
})
