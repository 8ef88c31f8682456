import { z } from 'zod/mini'

/**
 * The string every text field is made of: only what a person could have typed. No control
 * characters but tab and line breaks (PostgreSQL cannot store NUL), and no half of a surrogate
 * pair, which no text encoding can store at all.
 */
export const PlainText = () =>
  z.string().check(z.regex(/^(?:[^\p{Cc}\p{Cs}]|[\t\n\r])*$/u, 'Remove invalid characters'))

/** Free text, trimmed: a note, a bio. */
export const Text = (max: number) => PlainText().check(z.trim(), z.maxLength(max))

/** Text that must not be blank: a name, a label. */
export const Required = (max: number) => Text(max).check(z.minLength(1, 'Required'))
