import { useState, type FormEvent } from 'react'
import { flushSync } from 'react-dom'
import {
  ChecklistEditBody,
  CHECKLIST_LIMITS,
  type ChecklistItemDef,
  type CityChecklist,
} from '../../../contract/checklists'
import { INSPECTIONS, type InspectionSlug } from '../../../contract/construction'
import type { City } from '../../../contract/domain'
import type { AdminActor, AdminMachineContext } from '../../../machines/admin/admin.machine'
import { errorProps, FieldError } from '../../components/form/field-frame'
import { SelectField } from '../../components/form/select-field'
import { errorsByPath, focusFirstInvalid, type FieldErrors } from '../../components/form-errors'
import { ListFooter, listErrors, RemoveRow } from './list-editor'
import { SectionPage } from './section-page'
import { useAdminFormCall, useAdminState } from './use-admin'

const selectChecklists = (context: AdminMachineContext) => context.Checklists
const selectCities = (context: AdminMachineContext) => context.Cities

/** A row as typed. `key` keeps React's rows apart. */
type Row = { key: number; id?: string; text: string; photo: boolean; code: string }

let nextKey = 0
const rowOf = (item?: ChecklistItemDef): Row => ({
  key: nextKey++,
  ...(item
    ? { id: item.id, text: item.text, photo: item.photo, code: item.code ?? '' }
    : { text: '', photo: false, code: '' }),
})

const bodyOf = (someoneHome: boolean, rows: readonly Row[]) => ({
  someoneHome,
  items: rows.map((row) => ({
    ...(row.id ? { id: row.id } : {}),
    text: row.text,
    photo: row.photo,
    code: row.code.trim() === '' ? null : row.code,
  })),
})

/** One city's checklist of one inspection, edited and saved whole. */
function ChecklistForm({ actor, checklist }: { actor: AdminActor; checklist: CityChecklist }) {
  const [someoneHome, setSomeoneHome] = useState(checklist.someoneHome)
  const [rows, setRows] = useState(() => checklist.items.map(rowOf))
  const [local, setLocal] = useState<FieldErrors>({})
  const [saved, setSaved] = useState(false)
  const call = useAdminFormCall(actor, () => {
    // The saved list, with the ids of the items it added.
    const now = actor
      .getSnapshot()
      .context.Checklists.find(
        (c) => c.cityId === checklist.cityId && c.inspection === checklist.inspection,
      )
    setRows((now?.items ?? []).map(rowOf))
    setSaved(true)
  })
  const errors = listErrors(call, local)
  const edited = () => setSaved(false)
  const change = <F extends 'text' | 'photo' | 'code'>(index: number, field: F, value: Row[F]) => {
    setRows((now) => now.map((row, i) => (i === index ? { ...row, [field]: value } : row)))
    setLocal((now) => ({ ...now, [`items.${index}.${field}`]: undefined, items: undefined }))
    edited()
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const element = event.currentTarget
    const parsed = ChecklistEditBody.safeParse(bodyOf(someoneHome, rows))
    setSaved(false)
    if (!parsed.success) {
      flushSync(() => setLocal(errorsByPath(parsed.error.issues)))
      focusFirstInvalid(element)
      return
    }
    setLocal({})
    const { cityId, inspection } = checklist
    call.run({ name: 'editChecklist', cityId, inspection, body: parsed.data })
  }
  return (
    <form
      className="scope-form checklist-form"
      onSubmit={submit}
      noValidate
      aria-label="Checklist items"
    >
      <label className="checkbox" htmlFor="checklist-home">
        <input
          id="checklist-home"
          type="checkbox"
          checked={someoneHome}
          onChange={(event) => {
            setSomeoneHome(event.target.checked)
            edited()
          }}
        />
        Someone must be home
      </label>
      <ol className="scope-rows">
        {rows.map((row, index) => {
          const id = `checklist-row-${row.key}`
          const textError = errors[`items.${index}.text`] ?? errors[`items.${index}.id`]
          const codeError = errors[`items.${index}.code`]
          return (
            <li key={row.key} className="scope-row checklist-row">
              <div className="field checklist-text">
                <label className="field-label" htmlFor={`${id}-text`}>
                  Item
                </label>
                <input
                  id={`${id}-text`}
                  className="field-input"
                  value={row.text}
                  maxLength={CHECKLIST_LIMITS.text}
                  onChange={(event) => change(index, 'text', event.target.value)}
                  {...errorProps(`${id}-text`, textError)}
                />
                <FieldError id={`${id}-text`} error={textError} />
              </div>
              <div className="field checklist-code-field">
                <label className="field-label" htmlFor={`${id}-code`}>
                  Code
                </label>
                <input
                  id={`${id}-code`}
                  className="field-input"
                  value={row.code}
                  maxLength={CHECKLIST_LIMITS.code}
                  onChange={(event) => change(index, 'code', event.target.value)}
                  {...errorProps(`${id}-code`, codeError)}
                />
                <FieldError id={`${id}-code`} error={codeError} />
              </div>
              <label className="checkbox checklist-photo-field" htmlFor={`${id}-photo`}>
                <input
                  id={`${id}-photo`}
                  type="checkbox"
                  checked={row.photo}
                  onChange={(event) => change(index, 'photo', event.target.checked)}
                />
                Needs a photo
              </label>
              <RemoveRow
                text={row.text}
                index={index}
                className="checklist-remove"
                onRemove={() => {
                  setRows((now) => now.filter((_, i) => i !== index))
                  setLocal({})
                  edited()
                }}
              />
            </li>
          )
        })}
      </ol>
      <ListFooter
        call={call}
        listError={errors.items}
        canAdd={rows.length < CHECKLIST_LIMITS.items}
        onAdd={() => {
          setRows((now) => [...now, rowOf()])
          setLocal((now) => ({ ...now, items: undefined }))
          edited()
        }}
        saveLabel="Save checklist"
        saved={saved}
      />
    </form>
  )
}

const cityName = (city: City) => `${city.name}, ${city.state}`

/**
 * /admin/checklists: each city's checklist of each inspection (PRODUCT.md §16). Projects take
 * their city's the first time they read it; an edit reaches the inspections not yet scheduled.
 */
export function ChecklistsSection({ actor }: { actor: AdminActor }) {
  const checklists = useAdminState(actor, selectChecklists)
  const cities = useAdminState(actor, selectCities)
  const [cityId, setCityId] = useState<string | null>(null)
  const [inspection, setInspection] = useState<InspectionSlug>('layout')
  const city = cities.find((c) => c.id === cityId) ?? cities[0]
  const checklist = checklists.find((c) => c.cityId === city?.id && c.inspection === inspection)
  return (
    <SectionPage
      actor={actor}
      title="Checklists"
      lede="What the owner checks before each inspection, city by city. Projects whose inspection is not scheduled yet take your changes."
    >
      {city && checklist ? (
        <>
          <div className="checklist-choice">
            <SelectField id="checklist-city" label="City" value={city.id} onChange={setCityId}>
              {cities.map((c) => (
                <option key={c.id} value={c.id}>
                  {cityName(c)}
                </option>
              ))}
            </SelectField>
            <SelectField
              id="checklist-inspection"
              label="Inspection"
              value={inspection}
              onChange={(value) => setInspection(value as InspectionSlug)}
            >
              {INSPECTIONS.map((i) => (
                <option key={i.slug} value={i.slug}>
                  {i.title}
                </option>
              ))}
            </SelectField>
          </div>
          <ChecklistForm key={`${city.id}/${inspection}`} actor={actor} checklist={checklist} />
        </>
      ) : (
        <p>No city is served yet: add one under Cities first.</p>
      )}
    </SectionPage>
  )
}
