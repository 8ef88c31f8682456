import type { ReactNode } from 'react'
import { MainLandmark } from './main-landmark'

/** The frame of every public page: brand header, one main landmark, footer. */
export function PageShell({ children }: { children: ReactNode }) {
  return (
    <>
      <header className="site-header">
        <div className="container site-header-inner">
          <img className="site-logo" src="/favicon.svg" alt="" width="48" height="48" />
          <div>
            <p className="site-title">PoolPath</p>
            <p className="site-tagline">Design and build your swimming pool, step by step</p>
          </div>
        </div>
      </header>
      <MainLandmark className="container site-main">{children}</MainLandmark>
      <footer className="site-footer">
        <div className="container">PoolPath · from the first design to the first swim</div>
      </footer>
    </>
  )
}
