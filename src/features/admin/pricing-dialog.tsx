import { useId, useMemo, useState, type FormEvent } from 'react'
import { flushSync } from 'react-dom'
import type { Stage } from '../../../contract'
import type { AdminActor, AdminCall } from '../../../machines/admin/admin.machine'
import { formatMoney } from '../../lib/money'
import { focusFirstInvalid } from '../../components/form-errors'
import { TextField } from '../../components/text-field'
import { CallProblem } from './call-problem'
import type { FormErrors } from './form-fields'
import { fieldsOf } from '../../components/form/field-props'
import { FormDialog } from '../../components/form/form-dialog'
import { PriceRows } from './price-rows'
import {
  exampleEstimates,
  fromDraft,
  REFERENCE_DESCRIPTION,
  toDraft,
  UNIT_LABEL,
  type PricingDraft,
} from './pricing-draft'
import { useAdminRequest, useAdminWrites } from './use-admin'

type PricingDialogProps = { actor: AdminActor; stage: Stage; onClose: () => void }

/** The server names pricing fields "pricing.base", "pricing.options.0.label", …; the form drops "pricing.". */
function serverErrors(fields: Record<string, string[]>): FormErrors {
  const errors: FormErrors = {}
  for (const [path, messages] of Object.entries(fields)) {
    if (messages[0]) errors[path.replace(/^pricing\.?/, '') || 'base'] = messages[0]
  }
  return errors
}

/** Edits one stage's price list, with its example estimate for the reference pool as you type. */
export function PricingDialog({ actor, stage, onClose }: PricingDialogProps) {
  const { busy, failure } = useAdminWrites(actor)
  const request = useAdminRequest(actor)
  const [draft, setDraft] = useState<PricingDraft>(() => toDraft(stage))
  const [shownErrors, setShownErrors] = useState<FormErrors>({})
  const [sent, setSent] = useState<AdminCall | null>(null)
  const id = useId()

  const checked = useMemo(() => fromDraft(draft), [draft])
  const examples = exampleEstimates(checked.pricing)
  const ours = failure && failure.call === sent ? failure : null
  const errors = { ...(ours ? serverErrors(ours.fields) : {}), ...shownErrors }

  const update = (patch: Partial<PricingDraft>) => {
    setDraft((current) => ({ ...current, ...patch }))
    setShownErrors({})
    setSent(null)
  }

  // The two prices typed straight in; the options and items are rows (PriceRows).
  const field = fieldsOf(
    id,
    { base: draft.base, unitPrice: draft.unitPrice },
    (name) => (value) => update({ [name]: value }),
    (name) => errors[name],
  )

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!checked.pricing) {
      const form = event.currentTarget
      flushSync(() => setShownErrors(checked.errors))
      focusFirstInvalid(form)
      return
    }
    const call: AdminCall = {
      name: 'editStage',
      id: stage.id,
      body: { pricing: checked.pricing },
    }
    setSent(call)
    request(call, onClose)
  }

  return (
    <FormDialog
      title={`Edit pricing: ${stage.title}`}
      form={{ submit, busy, blocked: false, failure: ours }}
      className="admin-form"
      submitLabel="Save pricing"
      onClose={onClose}
      problem={null}
    >
      <CallProblem failure={ours} />
      <p className="field-hint">Priced {UNIT_LABEL[draft.unit]}.</p>
      <div className="field-row">
        <TextField {...field('base')} label="Base ($)" inputMode="decimal" />
        {draft.unit !== 'items' && (
          <TextField
            {...field('unitPrice')}
            label={
              draft.unit === 'flat' ? 'Flat price ($)' : `Unit price ($ ${UNIT_LABEL[draft.unit]})`
            }
            inputMode="decimal"
          />
        )}
      </div>
      <PriceRows draft={draft} errors={errors} onChange={update} />
      <section className="pricing-example" aria-live="polite" aria-labelledby={`${id}-example`}>
        <h3 id={`${id}-example`}>Example estimate</h3>
        <p className="field-hint">For {REFERENCE_DESCRIPTION}.</p>
        {examples.length === 0 ? (
          <p>Fix the prices above to see the estimate.</p>
        ) : (
          <ul>
            {examples.map((example) => (
              <li key={example.label}>
                {example.label}: <strong>{formatMoney(example.cents)}</strong>
              </li>
            ))}
          </ul>
        )}
      </section>
    </FormDialog>
  )
}
