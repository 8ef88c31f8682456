/** The builder's route chunk: the one import every lazy builder route and its preload share. */
export const builderArea = () => import('../features/builder/builder-area')
