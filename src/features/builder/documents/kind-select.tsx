import { useId } from 'react'
import { FILE_KIND_LABELS, FILE_KINDS, type FileKind } from '../../../../contract/documents'

/** The value of the "any kind" option. */
export const ANY_KIND = ''

/**
 * The "Kind" select of the file kinds; with `anyLabel`, a first option (`ANY_KIND`) for any
 * kind, as the Documents page filters.
 */
export function KindSelect({
  value,
  onChange,
  anyLabel,
}: {
  value: FileKind | typeof ANY_KIND
  onChange: (kind: FileKind | typeof ANY_KIND) => void
  anyLabel?: string
}) {
  const id = useId()
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        Kind
      </label>
      <select
        id={id}
        className="field-input"
        value={value}
        onChange={(event) => onChange(event.target.value as FileKind | typeof ANY_KIND)}
      >
        {anyLabel && <option value={ANY_KIND}>{anyLabel}</option>}
        {FILE_KINDS.map((option) => (
          <option key={option} value={option}>
            {FILE_KIND_LABELS[option]}
          </option>
        ))}
      </select>
    </div>
  )
}
