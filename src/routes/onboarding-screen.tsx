import { useRouteContext } from '@tanstack/react-router'
import { StagesSection } from '../features/stages/stages-page'
import { OnboardingPage } from '../features/auth/onboarding-page'

/** /onboarding: the sign-up form, then the 10 stages and their prices. Loaded on demand. */
export function OnboardingScreen() {
  const { validate, stages } = useRouteContext({ from: '__root__' })
  return (
    <>
      <OnboardingPage validate={validate} />
      <StagesSection loadStages={stages} />
    </>
  )
}
