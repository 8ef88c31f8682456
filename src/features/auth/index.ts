// The sign-in screens, for the router; the rest of the folder is theirs alone.
export { ComingSoonPage } from './coming-soon-page'
export { LoginPage } from './login-page'
export { OnboardingPage } from './onboarding-page'
export type { ValidateAvailability } from './use-availability'
export { RESEND_COOLDOWN_SECONDS, VerifyPage } from './verify-page'
