import { useState } from 'react'
import type { PoolDesignChoices } from '../../../../../contract/choices'
import { quantities, REFERENCE_POOL } from '../../../../../contract/estimator'
import { entryOf, savedDesign } from '../../../../../contract/budget'
import { STEPS } from '../../../../../contract/steps'
import { projectRipple, type RippleLine } from '../../../../../contract/money-rules'
import { fieldError, isCallFor, useClientCalls } from '../../use-client'
import { useProject, type Project } from '../../use-project'
import {
  MEASUREMENTS,
  parseFields,
  sameDesign,
  toFields,
  type DesignErrors,
  type DesignFields,
} from './design-fields'
import { fieldId } from './design-form'

const TITLE = 'Pool Design'

const SAVED = 'Design saved'
const UNSAVED = 'Unsaved changes — the estimates use your saved design'
const NEVER_SAVED = 'Not saved yet — save the design to see the estimates'

const titles = new Intl.ListFormat('en-US', { type: 'conjunction' })

/**
 * What a changed design cannot change: the construction steps already done, e.g. "Excavation is
 * done: this changes the plan, not the hole."; null while none is.
 */
export function builtWarning(project: Project): string | null {
  const done = STEPS.filter((step) => step.kind === 'stage' && entryOf(step, project)?.done)
  const [first] = done
  if (!first) return null
  if (done.length === 1 && first.route === 'excavation')
    return 'Excavation is done: this changes the plan, not the hole.'
  const verb = done.length === 1 ? 'is' : 'are'
  const list = titles.format(done.map((step) => step.title))
  return `${list} ${verb} done: this changes the plan, not what is built.`
}

/**
 * The pool design form's state: what is typed, the last valid design (what the drawing shows),
 * the checks on submit, the save, and what to say about it.
 */
export function useDesignForm() {
  const project = useProject()
  const { poolData } = project
  const saved = savedDesign(poolData)
  const { run, pending, failure } = useClientCalls()
  // A first visit starts from the reference pool, a typical backyard pool, rather than blanks.
  const [fields, setFields] = useState<DesignFields>(() => toFields(saved ?? REFERENCE_POOL))
  const [drawn, setDrawn] = useState<PoolDesignChoices>(() => saved ?? REFERENCE_POOL)
  const [checkErrors, setCheckErrors] = useState<DesignErrors>({})
  const [sent, setSent] = useState<PoolDesignChoices | null>(null)
  // What the design being saved does to the signed contracts; offered once the save went through.
  const [ripple, setRipple] = useState<RippleLine[]>([])
  // Until the client types, the form follows the saved design, which may arrive after the form
  // (a refresh bringing the client's data back, another tab saving).
  const [touched, setTouched] = useState(false)
  const [seed, setSeed] = useState(saved)
  const seedIsCurrent = seed === null ? saved === null : saved !== null && sameDesign(seed, saved)
  if (!touched && !seedIsCurrent) {
    setSeed(saved)
    setFields(toFields(saved ?? REFERENCE_POOL))
    setDrawn(saved ?? REFERENCE_POOL)
  }

  const saving = isCallFor(pending, 'editPool', TITLE)
  const refusal = failure && isCallFor(failure.call, 'editPool', TITLE) ? failure : null

  const change = (change: Partial<DesignFields>) => {
    const next = { ...fields, ...change }
    setTouched(true)
    setFields(next)
    // Drop the edited fields' messages; the rest stay until the next check.
    setCheckErrors((errors) =>
      Object.fromEntries(Object.entries(errors).filter(([name]) => !(name in change))),
    )
    // The drawing follows every valid design as typed, and keeps the last one meanwhile.
    const { design } = parseFields(next)
    if (design) setDrawn(design)
  }

  const submit = () => {
    const result = parseFields(fields)
    if (result.errors) {
      setCheckErrors(result.errors)
      const first = MEASUREMENTS.find((name) => result.errors[name])
      document.getElementById(fieldId(first ?? 'shape'))?.focus()
      return
    }
    setCheckErrors({})
    setSent(result.design)
    setRipple(projectRipple(project, quantities(result.design)))
    run({ name: 'editPool', body: { Title: TITLE, choices: result.design } })
  }

  const errors: DesignErrors = {}
  for (const name of ['shape', ...MEASUREMENTS] as const) {
    errors[name] = checkErrors[name] ?? fieldError(refusal, name)
  }

  const typed = parseFields(fields).design
  const matchesSaved = saved !== null && typed !== null && sameDesign(typed, saved)
  const status = (() => {
    if (saving) return ''
    if (!saved) return NEVER_SAVED
    if (!matchesSaved) return UNSAVED
    return sent && sameDesign(sent, saved) ? SAVED : ''
  })()

  return {
    fields,
    drawn,
    errors,
    change,
    submit,
    saving,
    blocked: pending !== null,
    refusal: refusal?.message ?? null,
    status,
    /** Whether the drawing shows what is typed, rather than the last valid design. */
    drawingIsCurrent: typed !== null,
    /** Said while the typed design differs from the saved one and some work is done. */
    built: saved !== null && typed !== null && !matchesSaved ? builtWarning(project) : null,
    /** The design ripple of the save that just went through (PRODUCT.md §10). */
    ripple: status === SAVED ? ripple : [],
    dismissRipple: () => setRipple([]),
  }
}
