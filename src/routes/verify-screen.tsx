import { preloadBuilderAndDesign } from '../app/preload-builder'
import { VerifyPage } from '../features/auth/verify-page'

/** /verify, loaded with its route: the builder starts downloading as the code is typed. */
export const VerifyScreen = () => <VerifyPage preload={preloadBuilderAndDesign} />
