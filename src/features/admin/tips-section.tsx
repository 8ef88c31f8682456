import { TipEditBody } from '../../../contract/api-admin'
import type { Stage } from '../../../contract'
import type { z } from 'zod/mini'
import type { AdminActor } from '../../../machines/admin/admin.machine'
import { textColumn } from './columns'
import { CrudSection, type CrudConfig } from './crud-section'

const tips: CrudConfig<Stage, z.output<typeof TipEditBody>> = {
  title: 'Design tips',
  lede: 'The tip each stage shows clients in the builder.',
  noun: 'tip',
  caption: 'Design tips by stage',
  csvName: 'design-tips',
  emptyText: 'No stages loaded yet.',
  select: (context) => context.Stages,
  columns: [
    { key: 'order', header: 'Step', value: (s) => s.order, numeric: true },
    textColumn('stage', 'Stage', (s) => s.title),
    textColumn('tip', 'Tip', (s) => s.designTip.text),
  ],
  fields: [{ name: 'text', label: 'Tip', kind: 'textarea' }],
  schema: TipEditBody,
  toValues: (s) => ({ text: s.designTip.text }),
  label: (s) => `tip for ${s.title}`,
  edit: (stage, body) => ({ name: 'editTip', id: stage.designTip.id, body }),
}

export const TipsSection = ({ actor }: { actor: AdminActor }) => (
  <CrudSection actor={actor} config={tips} />
)
