import fc from 'fast-check'

/**
 * Any JSON value a request body might hold where the route wants one field: null, booleans,
 * numbers, strings, arrays and objects, with the `odd` values (in groups, as a suite lists them) a route is most likely to trip on.
 */
export const junkWith = (...odd: (string | number)[][]) =>
  fc.oneof(
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double(),
    fc.string(),
    fc.constantFrom(...odd.flat()),
    fc.array(fc.string(), { maxLength: 3 }),
    fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }),
  )
