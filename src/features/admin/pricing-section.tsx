import { useState } from 'react'
import type { Stage } from '../../../contract'
import { stageEstimate } from '../../../contract/estimator'
import type { AdminActor } from '../../../machines/admin/admin.machine'
import { formatCents, formatMoney } from '../../lib/money'
import { moneyColumn, textColumn, type Column } from './columns'
import { DataTable } from './data-table'
import { PricingDialog } from './pricing-dialog'
import { REFERENCE_DESCRIPTION, REFERENCE_QUANTITIES, UNIT_LABEL } from './pricing-draft'
import { SectionPage } from './section-page'
import { useAdminState, useAdminWrites } from './use-admin'

/** What the reference pool costs at this stage with its first (default) option; items: none. */
const example = (stage: Stage) => stageEstimate(stage.pricing, undefined, REFERENCE_QUANTITIES) ?? 0

const columns: Column<Stage>[] = [
  { key: 'order', header: 'Step', value: (s) => s.order, numeric: true },
  textColumn('title', 'Stage', (s) => s.title),
  textColumn('unit', 'Priced', (s) => UNIT_LABEL[s.pricing.unit]),
  moneyColumn('base', 'Base', (s) => s.pricing.base),
  {
    ...moneyColumn<Stage>('unitPrice', 'Unit price', (s) => s.pricing.unitPrice),
    // A catalogue stage's items are its price; a flat stage's price (added to its base) is an
    // amount, and none when it is zero.
    text: ({ pricing }) => {
      if (pricing.unit === 'items' || (pricing.unit === 'flat' && pricing.unitPrice === 0))
        return '—'
      return pricing.unit === 'flat'
        ? formatMoney(pricing.unitPrice)
        : formatCents(pricing.unitPrice)
    },
  },
  {
    key: 'choices',
    header: 'Options',
    value: (s) =>
      s.pricing.unit === 'items'
        ? s.pricing.items.map((i) => `${i.label} ${formatMoney(i.price)}`).join(', ')
        : s.pricing.options.map((o) => `${o.label} ×${o.multiplier}`).join(', '),
  },
  {
    ...moneyColumn<Stage>('example', 'Example', example),
    text: (s) => (s.pricing.unit === 'items' ? 'Sum of chosen items' : formatMoney(example(s))),
  },
]

/** Every stage's price list, each with what the reference pool would cost. */
export function PricingSection({ actor }: { actor: AdminActor }) {
  const stages = useAdminState(actor, (context) => context.Stages)
  const { busy } = useAdminWrites(actor)
  const [editing, setEditing] = useState<Stage | null>(null)
  return (
    <SectionPage
      actor={actor}
      title="Pricing"
      lede={`What each stage costs. The example is for ${REFERENCE_DESCRIPTION}, with each stage's first option.`}
    >
      <DataTable
        caption="Stage pricing"
        rows={stages}
        columns={columns}
        csvName="pricing"
        emptyText="No stages loaded yet."
        initialSort={{ key: 'order', direction: 'ascending' }}
        actions={(stage) => (
          <button
            type="button"
            className="link-button"
            disabled={busy}
            aria-label={`Edit pricing for ${stage.title}`}
            onClick={() => setEditing(stage)}
          >
            Edit
          </button>
        )}
      />
      {editing && <PricingDialog actor={actor} stage={editing} onClose={() => setEditing(null)} />}
    </SectionPage>
  )
}
