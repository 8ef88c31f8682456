import type { Stage } from '../../contract/domain'

/** The first refusal's message of `schema` for `value`, or null when the value is accepted. */
export function refusal(schema: { safeParse: (value: unknown) => unknown }, value: unknown) {
  const result = schema.safeParse(value) as {
    success: boolean
    error?: { issues: { message: string }[] }
  }
  return result.success ? null : (result.error?.issues[0]?.message ?? '')
}

/** `stage` with a second option, "rock", that doubles its price. */
export const withRockOption = (stage: Stage): Stage => ({
  ...stage,
  pricing: {
    ...stage.pricing,
    options: [
      { key: 'standard', label: 'Standard', multiplier: 1 },
      { key: 'rock', label: 'Rock', multiplier: 2 },
    ],
  },
})
