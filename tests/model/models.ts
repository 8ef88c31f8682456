import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate'
import type { StatePath } from 'xstate/graph'
import { adminModel, createAdminTestModel } from './admin.model'
import { budgetModel, createBudgetTestModel } from './budget.model'
import { builderModel, createBuilderTestModel } from './builder.model'
import { createDocumentsTestModel, documentsModel } from './documents.model'
import { createManagerTestModel, managerModel } from './manager.model'
import { createSessionTestModel, sessionModel } from './session.model'
import { createTimelineTestModel, timelineModel } from './timeline.model'
import { createTradePortalTestModel, tradePortalModel } from './trade-portal.model'

export type ModelPath = StatePath<AnyMachineSnapshot, EventObject>

/** A model as the coverage test and the QA script read it: its machine and its paths. */
export type ModelEntry = {
  name: string
  model: AnyStateMachine
  shortestPaths: () => ModelPath[]
  simplePaths: () => ModelPath[]
}

/** Every model QA walks, by the name `npm run test:paths -- --model=` takes. */
export const MODELS: ModelEntry[] = [
  {
    name: 'session',
    model: sessionModel,
    shortestPaths: () => createSessionTestModel().getShortestPaths(),
    simplePaths: () => createSessionTestModel().getSimplePaths(),
  },
  {
    name: 'builder',
    model: builderModel,
    shortestPaths: () => createBuilderTestModel().getShortestPaths(),
    simplePaths: () => createBuilderTestModel().getSimplePaths(),
  },
  {
    name: 'admin',
    model: adminModel,
    shortestPaths: () => createAdminTestModel().getShortestPaths(),
    simplePaths: () => createAdminTestModel().getSimplePaths(),
  },
  {
    name: 'trade-portal',
    model: tradePortalModel,
    shortestPaths: () => createTradePortalTestModel().getShortestPaths(),
    simplePaths: () => createTradePortalTestModel().getSimplePaths(),
  },
  {
    name: 'timeline',
    model: timelineModel,
    shortestPaths: () => createTimelineTestModel().getShortestPaths(),
    simplePaths: () => createTimelineTestModel().getSimplePaths(),
  },
  {
    name: 'budget',
    model: budgetModel,
    shortestPaths: () => createBudgetTestModel().getShortestPaths(),
    simplePaths: () => createBudgetTestModel().getSimplePaths(),
  },
  {
    name: 'manager',
    model: managerModel,
    shortestPaths: () => createManagerTestModel().getShortestPaths(),
    simplePaths: () => createManagerTestModel().getSimplePaths(),
  },
  {
    name: 'documents',
    model: documentsModel,
    shortestPaths: () => createDocumentsTestModel().getShortestPaths(),
    simplePaths: () => createDocumentsTestModel().getSimplePaths(),
  },
]
