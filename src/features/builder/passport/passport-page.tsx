import type { Passport } from '../../../../contract/passport'
import { useDownload } from '../../../app/download-context'
import { Badge } from '../../../components/badge'
import { FieldAlert } from '../../../components/form/field-alert'
import { HeldView } from '../held-view'
import { AsBuilt } from './as-built'
import { EquipmentSection } from './equipment-section'
import { PassportRecord } from './passport-record'
import { StartupLogSection } from './startup-log'
import { usePassport } from './use-passport'
import './passport.css'

/** The passport as one PDF, and everything of the project as a ZIP. */
const DOWNLOADS = [
  { name: 'Download passport (PDF)', path: '/passport.pdf', file: 'pool-passport.pdf' },
  { name: 'Download everything (ZIP)', path: '/passport.zip', file: 'pool-passport.zip' },
] as const

/** The passport is final once the final inspection passed; until then it is a draft. */
const isFinal = (passport: Passport) =>
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
          {DOWNLOADS.map(({ name, path, file }, n) => (
            <button
              key={file}
              type="button"
              className={n === 0 ? 'button' : 'button button-secondary'}
              onClick={() => void download(path, file)}
            >
              {name}
            </button>
          ))}
        </div>
      </header>
      <FieldAlert message={failure} />
      <p className="passport-lead">
        Everything a buyer, an insurer, a tax preparer or a service company will ask about your
        pool, in one place.{draft && ' It stays a draft until the final inspection passes.'}
      </p>
      <HeldView
        held={passport}
        failedTitle="Your pool passport did not load"
        loadingLabel="Loading your pool passport"
      >
        {(read) => (
          <>
            <AsBuilt asBuilt={read.asBuilt} />
            <EquipmentSection />
            <StartupLogSection />
            <PassportRecord passport={read} />
          </>
        )}
      </HeldView>
    </article>
  )
}
