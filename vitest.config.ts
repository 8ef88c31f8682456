import { defineConfig } from 'vitest/config'

const serverProject = (name: string, database: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: ['tests/server/**/*.test.ts'],
    // The process tests start `npm start`'s own server, on PGlite: once is enough.
    exclude:
      database === 'postgres'
        ? [
            'tests/server/startup.test.ts',
            'tests/server/upload-crash.test.ts',
            'tests/server/passport-zip-memory.test.ts',
          ]
        : [],
    globalSetup: ['tests/support/global-setup.ts'],
    setupFiles: ['tests/support/server-file.ts'],
    env: { TEST_DB: database },
    // One module graph for every file: each builds its own app on its own database, and PGlite's
    // WebAssembly, compiled once instead of once per file, made a third of the run.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          // Many of these render the whole app in jsdom: seconds each on 2 busy cores.
          testTimeout: 15_000,
          setupFiles: ['tests/support/testing-library.ts'],
          include: [
            'tests/contract/**/*.test.ts',
            'tests/app/**/*.test.ts',
            'tests/app/**/*.test.tsx',
            'tests/machines/**/*.test.ts',
            'tests/model/**/*.test.tsx',
          ],
        },
      },
      serverProject('server:pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server:postgres', 'postgres')] : []),
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // The model paths that may run side by side: each has a Chromium page of its own, and
          // the server tests run beside them on the same two cores.
          maxConcurrency: 3,
        },
      },
    ],
  },
})
