import { createContext, useCallback, useContext, useState, type ReactNode } from 'react'
import { isApiError } from '../adapters/api/api-error'
import { saveFile } from '../lib/save-file'

/** Reads a file the API makes (a waiver, an export) as the signed-in user: its bytes. */
export type FetchFile = (path: string) => Promise<Blob>

const DownloadContext = createContext<FetchFile | null>(null)

export function DownloadProvider({
  fetchFile,
  children,
}: {
  fetchFile: FetchFile
  children: ReactNode
}) {
  return <DownloadContext.Provider value={fetchFile}>{children}</DownloadContext.Provider>
}

/**
 * Why a download failed, as the server said it (a file that is gone, a session that ended), or
 * the connection when no answer came.
 */
const reasonOf = (error: unknown) =>
  isApiError(error) && error.status !== 0 ? error.detail : 'check your connection and try again.'

/**
 * Downloads of files the API makes for the signed-in user. A link cannot carry the access
 * token, so the file is read with it and handed to the browser; `failure` says when that failed.
 */
export function useDownload() {
  const fetchFile = useContext(DownloadContext)
  const [failure, setFailure] = useState<string | null>(null)
  const download = useCallback(
    async (path: string, filename: string) => {
      if (!fetchFile) throw new Error('useDownload outside DownloadProvider')
      setFailure(null)
      try {
        saveFile(filename, await fetchFile(path))
      } catch (error) {
        setFailure(`${filename} could not be downloaded: ${reasonOf(error)}`)
      }
    },
    [fetchFile],
  )
  return { download, failure }
}
