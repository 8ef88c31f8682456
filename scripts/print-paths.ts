// Prints the session model's paths (tests/model/session.model.ts) so QA can read and extend
// them: `npm run test:paths`, or `npm run test:paths -- --simple` to add every simple path.
import { createSessionTestModel, formatPath } from '../tests/model/session.model'

const model = createSessionTestModel()

function print(title: string, paths: ReturnType<typeof model.getShortestPaths>) {
  console.log(`${title} (${paths.length}):`)
  paths.forEach((path, index) =>
    console.log(`${String(index + 1).padStart(3)}. ${formatPath(path)}`),
  )
}

print('Shortest paths, each run by tests/model/session.model.test.tsx', model.getShortestPaths())
if (process.argv.includes('--simple')) {
  console.log()
  print('Simple paths (every route that visits no state twice)', model.getSimplePaths())
}
