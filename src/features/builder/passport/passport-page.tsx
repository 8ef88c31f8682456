import type { Passport } from '../../../../contract/passport'
import { useDownload } from '../../../app/download-context'
import { Badge } from '../../../components/badge'
import { ErrorPanel } from '../../../components/error-panel'
import { FieldAlert } from '../../../components/form/field-alert'
import { Spinner } from '../../../components/spinner'
import { AsBuilt } from './as-built'
import { EquipmentSection } from './equipment-section'
import { PassportRecord } from './passport-record'
import { StartupLogSection } from './startup-log'
import { usePassport } from './use-passport'
import './passport.css'

/** The passport is final once the final inspection passed; until then it is a draft. */
export const isFinal = (passport: Passport) =>
  passport.inspections.some((i) => i.slug === 'final' && i.status === 'passed')

/**
 * /builder/passport: what the owner keeps at handover (PRODUCT.md §17) — the pool as built, its
 * equipment, the start-up log and the record of the build, and all of it as one PDF or a ZIP.
 */
export function PassportPage() {
  const passport = usePassport()
  const { download, failure } = useDownload()
  const draft = passport.list !== null && !isFinal(passport.list)
  return (
    <article className="passport-page">
      <header className="passport-header">
        <div className="passport-title">
          <h1>Pool passport</h1>
          {draft && <Badge tone="warning">Draft</Badge>}
        </div>
        <div className="passport-downloads">
          <button
            type="button"
            className="button"
            onClick={() => void download('/passport.pdf', 'pool-passport.pdf')}
          >
            Download passport (PDF)
          </button>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => void download('/passport.zip', 'pool-passport.zip')}
          >
            Download everything (ZIP)
          </button>
        </div>
      </header>
      <FieldAlert message={failure} />
      <p className="passport-lead">
        Everything a buyer, an insurer, a tax preparer or a service company will ask about your
        pool, in one place.{draft && ' It stays a draft until the final inspection passes.'}
      </p>
      {passport.list ? (
        <>
          <AsBuilt asBuilt={passport.list.asBuilt} />
          <EquipmentSection />
          <StartupLogSection />
          <PassportRecord passport={passport.list} />
        </>
      ) : passport.failed ? (
        <ErrorPanel
          title="Your pool passport did not load"
          message={passport.failed}
          onRetry={passport.retry}
        />
      ) : (
        <Spinner label="Loading your pool passport" />
      )}
    </article>
  )
}
