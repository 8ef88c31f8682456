import { badRequest } from './problem'

/**
 * A list replaced whole keeps the items it names by id: an id twice, or one that is not among
 * `held`, is a 400 whose field (`items.{index}.id`) says `message`.
 */
export function checkKeptIds(
  items: readonly { id?: string | undefined }[],
  held: ReadonlySet<string>,
  message: string,
) {
  const seen = new Set<string>()
  const errors: Record<string, string[]> = {}
  items.forEach((item, index) => {
    if (item.id === undefined) return
    if (!held.has(item.id) || seen.has(item.id)) errors[`items.${index}.id`] = [message]
    seen.add(item.id)
  })
  if (Object.keys(errors).length > 0) throw badRequest(errors)
}
