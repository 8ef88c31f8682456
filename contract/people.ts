/**
 * What people type about where they live and how to reach them. Apart from domain.ts so the
 * landing pages, which never ask for it, do not load the list of states.
 */
import { z } from 'zod/mini'

/**
 * The postal codes of the 50 states and DC, in the order of their names. Codes only: the names are
 * in the screens' src/components/state-select.tsx.
 */
export const STATE_CODES =
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.split(
    ' ',
  )

/** A US state (or DC) by its postal code, in any case, stored upper-case. */
export const StateCode = z.pipe(
  z.pipe(
    z.string(),
    z.transform((s: string) => s.trim().toUpperCase()),
  ),
  z.enum(STATE_CODES, 'Choose one of the 50 states or DC'),
)

export const Phone = z
  .string()
  .check(z.trim(), z.regex(/^\+?[0-9 ().-]{7,20}$/, 'Enter a valid phone number'))
