/**
 * The API document's named schemas: every object schema the contract exports, under its export
 * name, so the document's operations refer to `Timeline`, `Money` or `Trade` rather than each
 * repeating them inline, and a client generator names its types as the contract does. Inputs are
 * named with an `Input` suffix (their parsed and sent forms can differ), so a contract name
 * ending in Input stays inline.
 */
import { z } from 'zod/mini'
import * as main from '../../contract'
import * as bids from '../../contract/bids'
import * as checklists from '../../contract/checklists'
import * as documents from '../../contract/documents'
import * as messages from '../../contract/messages'
import * as notices from '../../contract/notices'
import * as passport from '../../contract/passport'
import * as projects from '../../contract/projects'
import * as scope from '../../contract/scope'
import * as trades from '../../contract/trades'
import * as waivers from '../../contract/waivers'
import { routes } from '../../contract/routes'

const MODULES = [
  main,
  bids,
  checklists,
  documents,
  messages,
  notices,
  passport,
  projects,
  scope,
  trades,
  waivers,
]

const isObjectSchema = (value: unknown): value is z.ZodMiniObject =>
  value instanceof z.ZodMiniType && value._zod.def.type === 'object'

/** A call's parameters and query stay inline: the document lists them one by one. */
const listedOneByOne = new Set<unknown>(
  Object.values(routes).flatMap((def) => [
    'params' in def ? def.params : undefined,
    'query' in def ? def.query : undefined,
  ]),
)

export const componentRegistry = z.registry<{ id: string }>()

for (const module of MODULES)
  for (const [name, value] of Object.entries(module))
    if (
      /^[A-Z]/.test(name) &&
      !name.endsWith('Input') &&
      isObjectSchema(value) &&
      !listedOneByOne.has(value) &&
      !componentRegistry.has(value)
    )
      componentRegistry.add(value, { id: name })
