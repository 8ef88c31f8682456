import { Link } from '@tanstack/react-router'
import { useId, type ReactNode } from 'react'

type AuthCardProps = {
  title: ReactNode
  /** One sentence under the heading: what this page is for. */
  lede?: ReactNode
  children: ReactNode
}

/** The card every sign-in page sits in, with the page's one h1. */
export function AuthCard({ title, lede, children }: AuthCardProps) {
  const headingId = useId()
  return (
    <section className="auth-card" aria-labelledby={headingId}>
      <h1 id={headingId} className="auth-title">
        {title}
      </h1>
      {lede && <p className="auth-lede">{lede}</p>}
      {children}
    </section>
  )
}

/** The way from a page for newcomers to sign in, at the foot of its card. */
export function SignInInstead() {
  return (
    <p className="auth-switch">
      <Link to="/login" className="auth-link">
        Already have an account? Sign in
      </Link>
    </p>
  )
}
