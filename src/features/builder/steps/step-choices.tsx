import { StageChoices } from '../../../../contract/choices'
import { stageEstimate } from '../../../../contract/estimator'
import { formatMoney } from '../../../lib/money'
import { savedQuantities } from '../../../../contract/budget'
import { ChoiceGroup } from './choice-group'
import { EngineerChoices, PermitChoices } from './non-stage-choices'
import { fieldError, useCallFor } from '../use-client'
import type { StepView } from './use-step'
import { FieldAlert } from '../../../components/form/field-alert'

/** The choices a step is priced by: an option, catalogue items, an engineer or a permit. */
export function StepChoices({ view }: { view: StepView }) {
  if (view.step.title === 'Engineering') return <EngineerChoices view={view} />
  if (view.step.title === 'Permits') return <PermitChoices view={view} />
  if (!view.stage) return null
  if (view.stage.pricing.unit === 'items') return <StageChoiceForm view={view} kind="checkbox" />
  if (view.stage.pricing.options.length > 1) return <StageChoiceForm view={view} kind="radio" />
  return null
}

/**
 * A stage's choices as saved, or as being saved right now, so the control the client just
 * touched does not jump back while the server answers.
 */
function useStageChoices(view: StepView) {
  const calls = useCallFor('editPool', view.keyValue)
  const pending =
    calls.busy && calls.pending?.name === 'editPool' ? calls.pending.body.choices : undefined
  const parsed = StageChoices.safeParse(pending ?? view.entry?.choices ?? {})
  return { calls, choices: parsed.success ? parsed.data : {}, failure: calls.failure }
}

function StageChoiceForm({ view, kind }: { view: StepView; kind: 'radio' | 'checkbox' }) {
  const { calls, choices, failure } = useStageChoices(view)
  const { stage } = view
  if (!stage) return null
  const { pricing } = stage
  const q = savedQuantities(view.project.poolData)
  const save = (next: StageChoices) =>
    calls.run({ name: 'editPool', body: { StageId: stage.id, choices: next } })

  const radio = kind === 'radio'
  const options = radio
    ? pricing.options.map((o) => {
        const estimate = stageEstimate(pricing, { option: o.key }, q)
        return {
          value: o.key,
          label: o.label,
          detail: estimate === null ? `×${o.multiplier}` : formatMoney(estimate),
        }
      })
    : pricing.items.map((i) => ({ value: i.key, label: i.label, detail: formatMoney(i.price) }))
  const selected = radio ? [choices.option ?? pricing.options[0]?.key ?? ''] : (choices.items ?? [])
  return (
    <section className="step-card" aria-labelledby="step-choices-title">
      <h2 id="step-choices-title">Your choices</h2>
      <ChoiceGroup
        legend={radio ? `${stage.title} option` : 'Extras catalogue'}
        kind={kind}
        name={`${stage.slug}-choice`}
        choices={options}
        selected={selected}
        busy={calls.pending !== null}
        onToggle={(value, checked) => {
          if (radio) return save({ ...choices, option: value })
          const items = new Set(choices.items ?? [])
          if (checked) items.add(value)
          else items.delete(value)
          save({ ...choices, items: pricing.items.map((i) => i.key).filter((k) => items.has(k)) })
        }}
        error={fieldError(failure, radio ? 'option' : 'items')}
      />
      <FieldAlert message={failure?.message} />
    </section>
  )
}
