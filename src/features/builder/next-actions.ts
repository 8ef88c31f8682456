import { STEPS } from '../../../contract/steps'
import { entryOf, savedDesign, type ProjectData } from './budget'

/** One thing the client can do next, and the builder page where it is done. */
export type NextAction = { text: string; route: string }

/** The Overview shows at most this many. */
export const MAX_NEXT_ACTIONS = 5

/** What the steps not done yet ask for, in construction order: quotes, a choice, done. */
function stepActions(project: ProjectData): NextAction[] {
  const actions: NextAction[] = []
  for (const step of STEPS) {
    const entry = entryOf(step, project)
    if (entry?.done) continue
    const { route, title } = step
    const quotes = entry?.quotes ?? []
    if (route === 'engineering' && !entry?.choices.engineerId) {
      actions.push({ text: 'Choose your engineer', route })
    } else if (quotes.some((quote) => quote.accepted)) {
      actions.push({ text: `Mark ${title} as done when the work is finished`, route })
    } else if (quotes.length > 0) {
      const count = quotes.length === 1 ? 'your quote' : `one of your ${quotes.length} quotes`
      actions.push({ text: `Accept ${count} for ${title}`, route })
    } else if (route === 'pool-design') {
      actions.push({ text: 'Mark Pool Design as done once the design is final', route })
    } else {
      actions.push({ text: `Add quotes for ${title}`, route })
    }
  }
  return actions
}

/**
 * What to do next (the Overview's answer): save the design first; then, step by step in
 * construction order, get quotes, accept one and mark the step done; and, for a client who
 * would rather not run the build, a project builder.
 */
export function nextActions(project: ProjectData): NextAction[] {
  if (!savedDesign(project.poolData)) {
    return [{ text: 'Save your pool design to see every estimate', route: 'pool-design' }]
  }
  const builder: NextAction[] = project.poolData.BuilderRequested
    ? []
    : [
        {
          text: 'Rather not run the build yourself? Request a project builder',
          route: 'project-builder',
        },
      ]
  return [...stepActions(project).slice(0, MAX_NEXT_ACTIONS - builder.length), ...builder]
}
