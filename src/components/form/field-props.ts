/** What a field's control takes from its form: `<TextField {...field('amount')} label="Amount" />`. */
export type FieldProps<Value> = {
  id: string
  value: Value
  onChange: (value: Value) => void
  error: string | undefined
}

/**
 * A form's fields as their controls' props: ids under `idPrefix`, values, changes and messages
 * by field name. useContractForm's `field`, and the forms that hold their state elsewhere.
 */
export function fieldsOf<Values extends Record<string, unknown>>(
  idPrefix: string,
  values: Values,
  set: (name: keyof Values & string) => (value: Values[keyof Values & string]) => void,
  error: (name: keyof Values & string) => string | undefined,
) {
  return <Name extends keyof Values & string>(name: Name): FieldProps<Values[Name]> => ({
    id: `${idPrefix}-${name}`,
    value: values[name],
    onChange: set(name),
    error: error(name),
  })
}
