import type { TradeView } from '../../../contract/bids'
import { formatBytes } from '../../lib/bytes'
import { FileIcon } from './file-icon'
import { PortalFigure } from './portal-figure'
import { dateSpan } from './portal-format'

const tenths = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 })

/**
 * What the trade is asked to price (PRODUCT.md §14): the quantities of the saved design, the
 * scope, the planned dates, the owner's message and the files attached to the request.
 */
export function BidPackage({ view }: { view: TradeView }) {
  const { project, quantities, scope, planned, files, request } = view
  return (
    <section className="portal-card" aria-labelledby="portal-package-title">
      <h2 id="portal-package-title" className="portal-h2">
        The job
      </h2>
      <p className="portal-address">
        {project.address}, {project.city}, {project.state}
      </p>
      {quantities.length > 0 && (
        <dl className="portal-figures">
          {quantities.map((q) => (
            <PortalFigure key={q.label} term={q.label}>
              {tenths.format(q.value)} {q.unit}
            </PortalFigure>
          ))}
          {planned && <PortalFigure term="Planned">{dateSpan(planned)}</PortalFigure>}
        </dl>
      )}
      {quantities.length === 0 && planned && (
        <p className="portal-muted">Planned {dateSpan(planned)}</p>
      )}
      {request.message && (
        <figure className="portal-message">
          <blockquote>{request.message}</blockquote>
          <figcaption>— {project.ownerName}</figcaption>
        </figure>
      )}
      {scope.length > 0 && (
        <>
          <h3 className="portal-h3">Scope</h3>
          <ul className="portal-scope">
            {scope.map((item) => (
              <li key={item.id}>{item.text}</li>
            ))}
          </ul>
        </>
      )}
      {files.length > 0 && (
        <>
          <h3 className="portal-h3">Plans and documents</h3>
          <ul className="portal-files">
            {files.map((file) => (
              <li key={file.id}>
                <a href={file.urls.original} className="portal-file">
                  <FileIcon />
                  {file.name}
                </a>
                <span className="portal-muted"> {formatBytes(file.size)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}
