import { Link } from '@tanstack/react-router'
import { addDays, formatISO } from 'date-fns'
import type { StoredFile, Warranty } from '../../../../contract/documents'
import { Spinner } from '../../../components/spinner'
import { PageButton } from '../page-button'
import { formatDate } from '../timeline-dates'
import { useToday } from '../../../app/clock'
import { fileTitle, isImage, stepTitle } from './document-words'

/** The Overview shows this many of the newest photos. */
export const LATEST_PHOTOS = 6
/** Warranties are listed on the Overview from this many days before they expire. */
export const WARRANTY_NOTICE_DAYS = 60

/** The newest photos, each a link to the Documents page; nothing while there are none. */
export function LatestPhotos({ files, ready }: { files: StoredFile[] | null; ready: boolean }) {
  const photos = (files ?? [])
    .filter((file) => isImage(file) && file.urls.thumb)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .slice(0, LATEST_PHOTOS)
  return (
    <section className="overview-card" aria-labelledby="overview-photos">
      <h2 id="overview-photos">Latest photos</h2>
      {!ready ? (
        <Spinner label="Loading the photos" />
      ) : photos.length === 0 ? (
        <p className="money-empty">
          No photos yet. Photograph each step’s work on its page, before it is covered up.
        </p>
      ) : (
        <ul className="overview-photos">
          {photos.map((file) => (
            <li key={file.id}>
              <Link to="/builder/$page" params={{ page: 'documents' }}>
                <img src={file.urls.thumb} alt={fileTitle(file)} loading="lazy" />
              </Link>
            </li>
          ))}
        </ul>
      )}
      <PageButton page="documents">All documents</PageButton>
    </section>
  )
}

/** The warranties that expire within 60 days (or have just expired), soonest first. */
export function ExpiringWarranties({ warranties }: { warranties: Warranty[] | null }) {
  const today = useToday()()
  const until = formatISO(addDays(new Date(`${today}T00:00:00`), WARRANTY_NOTICE_DAYS), {
    representation: 'date',
  })
  const expiring = (warranties ?? [])
    .filter((w) => w.expiresOn !== null && w.expiresOn >= today && w.expiresOn <= until)
    .sort((a, b) => (a.expiresOn ?? '').localeCompare(b.expiresOn ?? ''))
  return (
    <section className="overview-card" aria-labelledby="overview-warranties">
      <h2 id="overview-warranties">Warranties expiring soon</h2>
      {warranties === null ? (
        <Spinner label="Loading the warranties" />
      ) : expiring.length === 0 ? (
        <p className="money-empty">No warranty expires in the next {WARRANTY_NOTICE_DAYS} days.</p>
      ) : (
        <ul className="overview-warranties">
          {expiring.map((w) => (
            <li key={w.id}>
              <Link to="/builder/$page" params={{ page: w.step }}>
                {stepTitle(w.step)}
              </Link>{' '}
              — {w.provider}, expires on {formatDate(w.expiresOn ?? today)}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
