/**
 * The checklists a city starts with (PRODUCT.md §16), from the model codes (ISPSC, NEC 680, the
 * VGB Act). Their ids are fixed, so a city that was never edited answers the same ids on every
 * read; ids are unique within one checklist, not across cities.
 */
import type { InspectionSlug } from './construction'
import type { ChecklistItemDef } from './checklists'

type DefaultItem = ChecklistItemDef & {
  /** What "Photograph … before the … inspection" names, for a photo item. */
  subject?: string
  /** Only in the defaults of cities in this state. */
  state?: string
}

const item = (n: number, text: string, more: Partial<DefaultItem> = {}): DefaultItem => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  text,
  photo: false,
  code: null,
  ...more,
})

const DEFAULTS: Record<InspectionSlug, { someoneHome: boolean; items: DefaultItem[] }> = {
  layout: {
    someoneHome: false,
    items: [item(101, 'Setbacks staked per the plan'), item(102, 'Equipment location staked')],
  },
  'pre-gunite': {
    someoneHome: false,
    items: [
      item(201, 'Steel placed per the engineering plan', { photo: true, subject: 'the steel' }),
      item(202, 'Bonding attached to the steel in four places', {
        photo: true,
        code: 'NEC 680.26(B)(1)',
        subject: 'the bonding',
      }),
      item(203, 'Plumbing pressure test holding 35 psi', {
        photo: true,
        subject: 'the pressure gauge',
      }),
      item(204, 'Main drain covers VGB-compliant, or dual drains at least 3 ft apart', {
        photo: true,
        code: 'ASME A112.19.8',
        subject: 'the main drain covers',
      }),
    ],
  },
  'pre-deck': {
    someoneHome: false,
    items: [
      item(301, 'Deck bonding grid', {
        photo: true,
        code: 'NEC 680.26(B)(2)',
        subject: 'the deck bonding grid',
      }),
      item(302, 'Gas line pressure test', { photo: true, subject: 'the gas line pressure gauge' }),
    ],
  },
  barrier: {
    someoneHome: true,
    items: [
      item(401, 'Barrier at least 48 in high'),
      item(402, 'Gates open outward, self-closing and self-latching'),
      item(403, 'Latch at least 54 in high or on the pool side 3 in below the top'),
      item(404, 'Doors to the pool area alarmed or a safety cover', {
        code: 'UL 2017, ASTM F1346',
      }),
      item(405, 'Two of the seven drowning-prevention features', { state: 'CA' }),
    ],
  },
  final: {
    someoneHome: true,
    items: [
      item(501, 'Pool filled and equipment running'),
      item(502, 'Drain covers in place'),
      item(503, 'Barrier complete'),
    ],
  },
}

/** The checklist of `inspection` a city in `state` starts with. */
export function defaultChecklist(inspection: InspectionSlug, state: string) {
  const { someoneHome, items } = DEFAULTS[inspection]
  return {
    someoneHome,
    items: items
      .filter((held) => held.state === undefined || held.state === state.toUpperCase())
      .map(({ id, text, photo, code }) => ({ id, text, photo, code })),
  }
}

const SUBJECTS = new Map(
  Object.values(DEFAULTS).flatMap(({ items }) =>
    items.flatMap(({ text, subject }) => (subject ? [[text, subject] as const] : [])),
  ),
)

/**
 * What a photo item asks to photograph, inside a sentence: "the bonding" for a default item, the
 * item's own text otherwise ("Skimmer lid" → "skimmer lid").
 */
export const photoSubject = (text: string) =>
  SUBJECTS.get(text) ?? `${text.charAt(0).toLowerCase()}${text.slice(1)}`
