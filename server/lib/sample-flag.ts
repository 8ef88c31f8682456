/** The wire's `sample` field: present (true) on seeded sample rows only, so other answers are unchanged. */
export const sampleFlag = (row: { sample: boolean }): { sample?: true } =>
  row.sample ? { sample: true } : {}
