import { STEPS } from '../../../../contract/steps'

export function StepPage({ route }: { route: string }) {
  return <h1>{STEPS.find((step) => step.route === route)?.title}</h1>
}
