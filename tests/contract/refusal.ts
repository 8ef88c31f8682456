/** The first refusal's message of `schema` for `value`, or null when the value is accepted. */
export function refusal(schema: { safeParse: (value: unknown) => unknown }, value: unknown) {
  const result = schema.safeParse(value) as {
    success: boolean
    error?: { issues: { message: string }[] }
  }
  return result.success ? null : (result.error?.issues[0]?.message ?? '')
}
