import { useNavigate } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { BuilderPageRoute } from './builder-pages'

/**
 * A card's way on to a project page ("View budget", "All documents"): a button, as PRODUCT.md
 * §10 names it, which keeps the Project navigation's link the only link of that page's name.
 */
export function PageButton({
  page,
  className = 'button button-secondary',
  children,
}: {
  page: BuilderPageRoute
  className?: string
  children: ReactNode
}) {
  const navigate = useNavigate()
  return (
    <button
      type="button"
      className={className}
      onClick={() => void navigate({ to: '/builder/$page', params: { page } })}
    >
      {children}
    </button>
  )
}
