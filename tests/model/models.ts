import { createSessionTestModel, sessionModel } from './session.model'

/** Every model QA walks, by the name `npm run test:paths -- --model=` takes. */
export const MODELS = [
  { name: 'session', model: sessionModel, createTestModel: createSessionTestModel },
] as const

export type ModelName = (typeof MODELS)[number]['name']
