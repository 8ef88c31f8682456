import { PoolDesignChoices, type PoolShape } from '../../../../../contract/choices'

/** The measurements of a design, in the order the form asks for them. */
export const MEASUREMENTS = [
  'lengthFt',
  'widthFt',
  'shallowDepthFt',
  'deepDepthFt',
  'deckWidthFt',
] as const
export type Measurement = (typeof MEASUREMENTS)[number]

/** The form's values as typed: text, so a half-typed "3." is kept rather than rounded away. */
export type DesignFields = { shape: PoolShape } & Record<Measurement, string>

type DesignField = Measurement | 'shape'
export type DesignErrors = Partial<Record<DesignField, string>>

const DESIGN_FIELDS: readonly PropertyKey[] = ['shape', ...MEASUREMENTS]
const isDesignField = (key: PropertyKey | undefined): key is DesignField =>
  key !== undefined && DESIGN_FIELDS.includes(key)

export function toFields(design: PoolDesignChoices): DesignFields {
  return {
    shape: design.shape,
    lengthFt: String(design.lengthFt),
    widthFt: String(design.widthFt),
    shallowDepthFt: String(design.shallowDepthFt),
    deepDepthFt: String(design.deepDepthFt),
    deckWidthFt: String(design.deckWidthFt),
  }
}

// An empty box is "not a number" (NaN), never 0, so the schema asks for a value.
const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text))

/** The typed values as a design, or the first message for each field that is wrong. */
export function parseFields(
  fields: DesignFields,
): { design: PoolDesignChoices; errors: null } | { design: null; errors: DesignErrors } {
  const parsed = PoolDesignChoices.safeParse({
    shape: fields.shape,
    lengthFt: toNumber(fields.lengthFt),
    widthFt: toNumber(fields.widthFt),
    shallowDepthFt: toNumber(fields.shallowDepthFt),
    deepDepthFt: toNumber(fields.deepDepthFt),
    deckWidthFt: toNumber(fields.deckWidthFt),
  })
  if (parsed.success) return { design: parsed.data, errors: null }
  const errors: DesignErrors = {}
  for (const issue of parsed.error.issues) {
    const field = issue.path[0]
    if (isDesignField(field)) errors[field] ??= issue.message
  }
  return { design: null, errors }
}

export function sameDesign(a: PoolDesignChoices, b: PoolDesignChoices): boolean {
  return a.shape === b.shape && MEASUREMENTS.every((name) => a[name] === b[name])
}
