import { Link } from '@tanstack/react-router'

/** An address inside an area that names no page of it: the area's navigation stays around it. */
export function AreaNotFound({ home }: { home: '/builder' | '/admin' }) {
  return (
    <section className="notice" aria-labelledby="area-not-found-heading">
      <h1 id="area-not-found-heading">Page not found</h1>
      <p>There is no page at this address. Pick one from the menu, or start from the first.</p>
      <Link to={home} className="button">
        {home === '/builder' ? 'Go to the first step' : 'Go to pricing'}
      </Link>
    </section>
  )
}
