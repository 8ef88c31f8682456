// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { ApiError, NETWORK_DETAIL } from '../../src/adapters/api/api-error'
import { DownloadProvider, useDownload, type FetchFile } from '../../src/app/download-context'

afterEach(cleanup)

function DownloadButton() {
  const { download, failure } = useDownload()
  return (
    <>
      <button type="button" onClick={() => void download('/passport.pdf', 'passport.pdf')}>
        Download
      </button>
      {failure && <p role="alert">{failure}</p>}
    </>
  )
}

async function failedDownload(error: ApiError) {
  const fetchFile: FetchFile = () => Promise.reject(error)
  render(
    <DownloadProvider fetchFile={fetchFile}>
      <DownloadButton />
    </DownloadProvider>,
  )
  await userEvent.click(screen.getByRole('button', { name: 'Download' }))
  return (await screen.findByRole('alert')).textContent
}

describe('a failed download', () => {
  it('says what the server answered when it answered', async () => {
    const gone = new ApiError({ status: 404, code: 'NOT_FOUND', detail: 'That file is gone.' })
    expect(await failedDownload(gone)).toBe(
      'passport.pdf could not be downloaded: That file is gone.',
    )
  })

  it('blames the connection only when no answer came', async () => {
    const offline = new ApiError({ status: 0, code: 'NETWORK', detail: NETWORK_DETAIL })
    expect(await failedDownload(offline)).toBe(
      'passport.pdf could not be downloaded: check your connection and try again.',
    )
  })
})
