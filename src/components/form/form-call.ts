/** A refusal of a form's call: the server's message, and its messages by field. */
export type FormFailure = { message: string; fields: Record<string, string[]> }

/**
 * The actor's side of a form (the builder's client actor, the back office's admin actor): how
 * the form's call is sent, whether it is in flight, and its last refusal.
 */
export type FormCall<Call> = {
  run: (call: Call) => void
  /** This form's call is in flight. */
  busy: boolean
  /** Another call holds the actor: the form waits to send. */
  blocked?: boolean
  /** The refusal of this form's last call, or null. */
  failure: FormFailure | null
}
