import { afterAll } from 'vitest'
import { dropFileDatabase } from './build'

// A setup file of the server projects: it runs for every test file, where a hook in a shared
// module would be registered for the first file only (the files share one module graph).
afterAll(dropFileDatabase)
