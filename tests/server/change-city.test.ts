import { describe, expect, it } from 'vitest'
import { RefreshData } from '../../contract'
import { appPerTest } from '../support/build'
import { bearer, expectProblem, signIn, signInAdmin, snapshot } from '../support/http'
import { callRaw } from '../support/call'
import { serveAustin } from './client-kit'

const t = appPerTest()

/** A client who signed up for Reno, NV (not served) and joined the waiting list. */
async function waitingInReno() {
  const { session } = await signIn(t, 'reno@example.com', {
    asNewClient: true,
    details: { city: 'Reno', state: 'NV' },
  })
  const headers = bearer(session.Token)
  const joined = await callRaw(t, 'editStatus', { body: { onWaiting: true } }, headers)
  expect(joined.statusCode, joined.body).toBe(200)
  return headers
}

const changeCity = (body: unknown, headers: Record<string, string>) =>
  callRaw(t, 'changeCity', { body }, headers)

describe('PUT /api/change-city', () => {
  it('moves the client to a served city: Flag, the builder and its permit fee follow', async () => {
    await serveAustin(t)
    const headers = await waitingInReno()
    expectProblem(await callRaw(t, 'requestBuilder', {}, headers), 403)

    const res = await changeCity({ city: ' austin ', state: 'tx' }, headers)
    expect(res.statusCode, res.body).toBe(200)
    const data = RefreshData.parse(res.json().Data)
    expect(data.Flag).toBe(true)
    // Stored in the served city's own spelling, and off the waiting list: the city is open.
    expect(data.userData).toMatchObject({ city: 'Austin', state: 'TX', onWaiting: false })
    expect(data.poolData?.PermitFee).toBe(45_000)
    expect(data.Token.split('.')).toHaveLength(3)

    const builder = await callRaw(t, 'requestBuilder', {}, headers)
    expect(builder.statusCode, builder.body).toBe(200)
  })

  it('keeps the waiting list for another city we do not serve yet', async () => {
    await serveAustin(t)
    const headers = await waitingInReno()
    const res = await changeCity({ city: 'Boise', state: 'ID' }, headers)
    expect(res.statusCode, res.body).toBe(200)
    const data = RefreshData.parse(res.json().Data)
    expect(data.Flag).toBe(false)
    expect(data.userData).toMatchObject({ city: 'Boise', state: 'ID', onWaiting: true })
    expect(data.poolData?.PermitFee).toBeNull()
  })

  it('names each field that needs attention and changes nothing', async () => {
    const headers = await waitingInReno()
    const before = await snapshot(t)
    const problem = expectProblem(
      await changeCity({ city: '  ', state: 'Nevada' }, headers),
      400,
      'VALIDATION_FAILED',
    )
    expect(Object.keys(problem.errors ?? {}).sort()).toEqual(['city', 'state'])
    expect(problem.errors?.state).toEqual(['Choose one of the 50 states or DC'])
    expect(await snapshot(t)).toBe(before)
  })

  it('is for signed-in clients only', async () => {
    expectProblem(await changeCity({ city: 'Austin', state: 'TX' }, {}), 401)
    const admin = (await signInAdmin(t)).headers
    expectProblem(await changeCity({ city: 'Austin', state: 'TX' }, admin), 403)
  })
})
