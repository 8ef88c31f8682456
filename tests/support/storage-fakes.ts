/**
 * Storage actions that save nothing, for tests that do not look at storage. The machines throw in
 * development when one is not provided, so a test that needs none says so with these.
 */
export const noSessionStorage = {
  persistAuth: () => {},
  clearStorage: () => {},
  persistClient: () => {},
  forgetChildState: () => {},
}
export const noStorage = { persist: () => {} }
