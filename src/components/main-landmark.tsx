import { createContext, useContext, type ReactNode } from 'react'

const InsideMain = createContext(false)

/** The page's one main landmark: what renders inside it knows not to draw another. */
export function MainLandmark({ className, children }: { className: string; children: ReactNode }) {
  return (
    <InsideMain.Provider value={true}>
      <main className={className}>{children}</main>
    </InsideMain.Provider>
  )
}

/** Whether the caller renders inside a MainLandmark. */
export const useInsideMain = () => useContext(InsideMain)
