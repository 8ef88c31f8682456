/** The role machines' chunk: the one import that the session and its preload share. */
export const dataActorsChunk = () => import('./data-actors')
