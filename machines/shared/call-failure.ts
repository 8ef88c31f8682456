/** A refused call, kept so the screen that made it shows why next to its fields. */
export type CallFailure<Call> = {
  call: Call
  message: string
  /** Field name → messages, from the server's problem. */
  fields: Record<string, string[]>
}

type Problem = { detail?: unknown; fieldErrors?: unknown }

/**
 * What the screen says about a refused call. The API port rejects with an error that carries
 * `detail` and `fieldErrors` (the server's problem; read by shape, since a machine never
 * imports the app); anything else gets the sentence `fallback`. Malformed field entries are
 * dropped.
 */
export function callFailure<Call>(call: Call, error: unknown, fallback: string): CallFailure<Call> {
  const { detail, fieldErrors }: Problem = Object(error)
  const fields = Object.entries(Object(fieldErrors)).filter(([, messages]) =>
    Array.isArray(messages),
  ) as [string, unknown[]][]
  return {
    call,
    message: typeof detail === 'string' && detail ? detail : fallback,
    fields: Object.fromEntries(
      fields.map(([name, m]) => [name, m.filter((s) => typeof s === 'string')]),
    ),
  }
}
