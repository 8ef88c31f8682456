import { useState, type FormEvent } from 'react'
import { flushSync } from 'react-dom'
import { ScopeEditBody, SCOPE_LIMITS, type StepScope } from '../../../contract/bids'
import { stepTitle } from '../../../contract/scheduling'
import type { AdminActor, AdminMachineContext } from '../../../machines/admin/admin.machine'
import { errorProps, FieldError } from '../../components/form/field-frame'
import { SelectField } from '../../components/form/select-field'
import { errorsByPath, focusFirstInvalid, type FieldErrors } from '../../components/form-errors'
import { ListFooter, listErrors, RemoveRow } from './list-editor'
import { SectionPage } from './section-page'
import { useAdminFormCall, useAdminState } from './use-admin'

const selectScope = (context: AdminMachineContext) => context.Scope

/** A row as typed: the share is text until it is sent. `key` keeps React's rows apart. */
type Row = { key: number; id?: string; text: string; share: string }

let nextKey = 0
const rowOf = (item?: { id: string; text: string; share: number }): Row => ({
  key: nextKey++,
  ...(item ? { id: item.id, text: item.text, share: String(item.share) } : { text: '', share: '' }),
})

const shareOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text))

const bodyOf = (rows: readonly Row[]) => ({
  items: rows.map((row) => ({
    ...(row.id ? { id: row.id } : {}),
    text: row.text,
    share: shareOf(row.share),
  })),
})

const totalOf = (rows: readonly Row[]) =>
  rows.reduce((sum, row) => sum + (Number.isFinite(shareOf(row.share)) ? shareOf(row.share) : 0), 0)

/** One step's list, edited whole and saved whole (PUT /api/admin/scope/edit/{step}). */
function ScopeForm({ actor, scope }: { actor: AdminActor; scope: StepScope }) {
  const [rows, setRows] = useState(() => scope.items.map(rowOf))
  const [local, setLocal] = useState<FieldErrors>({})
  const [saved, setSaved] = useState(false)
  const call = useAdminFormCall(actor, () => {
    // The saved list, with the ids of the items it added.
    const now = actor.getSnapshot().context.Scope.find((s) => s.step === scope.step)
    setRows((now?.items ?? []).map(rowOf))
    setSaved(true)
  })
  const errors = listErrors(call, local)
  const total = totalOf(rows)
  const change = (index: number, field: 'text' | 'share', value: string) => {
    setRows((now) => now.map((row, i) => (i === index ? { ...row, [field]: value } : row)))
    setLocal((now) => ({ ...now, [`items.${index}.${field}`]: undefined, items: undefined }))
    setSaved(false)
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const element = event.currentTarget
    const parsed = ScopeEditBody.safeParse(bodyOf(rows))
    setSaved(false)
    if (!parsed.success) {
      flushSync(() => setLocal(errorsByPath(parsed.error.issues)))
      focusFirstInvalid(element)
      return
    }
    setLocal({})
    call.run({ name: 'editScope', step: scope.step, body: parsed.data })
  }
  const title = stepTitle(scope.step)
  return (
    <form className="scope-form" onSubmit={submit} noValidate aria-label={`Scope of ${title}`}>
      {rows.length === 0 && <p className="scope-empty">No scope items for {title} yet.</p>}
      <ol className="scope-rows">
        {rows.map((row, index) => {
          const textId = `scope-${row.key}-text`
          const shareId = `scope-${row.key}-share`
          const textError = errors[`items.${index}.text`] ?? errors[`items.${index}.id`]
          const shareError = errors[`items.${index}.share`]
          return (
            <li key={row.key} className="scope-row">
              <div className="field scope-text">
                <label className="field-label" htmlFor={textId}>
                  Item
                </label>
                <input
                  id={textId}
                  className="field-input"
                  value={row.text}
                  maxLength={SCOPE_LIMITS.text}
                  onChange={(event) => change(index, 'text', event.target.value)}
                  {...errorProps(textId, textError)}
                />
                <FieldError id={textId} error={textError} />
              </div>
              <div className="field scope-share">
                <label className="field-label" htmlFor={shareId}>
                  Share (%)
                </label>
                <input
                  id={shareId}
                  className="field-input"
                  inputMode="numeric"
                  value={row.share}
                  onChange={(event) => change(index, 'share', event.target.value)}
                  {...errorProps(shareId, shareError)}
                />
                <FieldError id={shareId} error={shareError} />
              </div>
              <RemoveRow
                text={row.text}
                index={index}
                className="scope-remove"
                onRemove={() => {
                  setRows((now) => now.filter((_, i) => i !== index))
                  setLocal({})
                  setSaved(false)
                }}
              />
            </li>
          )
        })}
      </ol>
      <ListFooter
        call={call}
        listError={errors.items}
        canAdd={rows.length < SCOPE_LIMITS.items}
        onAdd={() => {
          setRows((now) => [...now, rowOf()])
          setSaved(false)
        }}
        saveLabel="Save scope"
        saved={saved}
      >
        <p className={total > SCOPE_LIMITS.shareTotal ? 'scope-total scope-over' : 'scope-total'}>
          Total of shares: {total}% of {SCOPE_LIMITS.shareTotal}%
        </p>
      </ListFooter>
    </form>
  )
}

/** /admin/scope: each licensed step's scope items and their shares (PRODUCT.md §14). */
export function ScopeSection({ actor }: { actor: AdminActor }) {
  const scope = useAdminState(actor, selectScope)
  const [chosen, setChosen] = useState<string | null>(null)
  const step = scope.find((s) => s.step === chosen) ?? scope[0]
  return (
    <SectionPage
      actor={actor}
      title="Scope"
      lede="What each licensed step's bids say they include, and the share of the step's estimate each item stands for. Bids that leave an item out are levelled up by its share."
    >
      {step ? (
        <>
          <SelectField id="scope-step" label="Step" value={step.step} onChange={setChosen}>
            {scope.map((s) => (
              <option key={s.step} value={s.step}>
                {stepTitle(s.step)}
              </option>
            ))}
          </SelectField>
          <ScopeForm key={step.step} actor={actor} scope={step} />
        </>
      ) : (
        <p>No scope loaded yet.</p>
      )}
    </SectionPage>
  )
}
