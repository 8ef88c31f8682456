import type { FastifyInstance } from 'fastify'
import type { EditPoolBody, StageChoices } from '../../../../contract'
import { badRequest, notFound } from '../../../lib/problem'

/** What a stage's choices may name: the option and item keys of its price list now. */
async function checkStageChoices(app: FastifyInstance, stageId: string, choices: StageChoices) {
  const pricing = await app.stages.pricingOf(stageId)
  if (!pricing) throw notFound('Unknown step')
  const errors: Record<string, string[]> = {}
  const options = new Set(pricing.options.map((o) => o.key))
  if (choices.option !== undefined && !options.has(choices.option))
    errors['choices.option'] = [
      options.size === 0 ? 'This step has no options' : 'Choose one of the listed options',
    ]
  const items = new Set(pricing.items.map((i) => i.key))
  const unknown = (choices.items ?? []).filter((key) => !items.has(key))
  if (unknown.length > 0) errors['choices.items'] = unknown.map((key) => `Unknown item: ${key}`)
  if (Object.keys(errors).length > 0) throw badRequest(errors)
}

/**
 * The checks of a step's choices that need the database; the contract's schema has already
 * checked their shape (dimensions, deep ≥ shallow, permit number).
 */
export async function checkChoices(app: FastifyInstance, body: EditPoolBody): Promise<void> {
  if ('StageId' in body) return checkStageChoices(app, body.StageId, body.choices)
  if (body.Title === 'Engineering') {
    if (!(await app.engineers.exists(body.choices.engineerId)))
      throw badRequest({ 'choices.engineerId': ['Choose one of the listed engineers'] })
  }
}

/** A stage's chosen items, each once: the checklist is a set. */
export const normalisedChoices = (body: EditPoolBody): Record<string, unknown> =>
  'StageId' in body && body.choices.items
    ? { ...body.choices, items: [...new Set(body.choices.items)] }
    : body.choices
