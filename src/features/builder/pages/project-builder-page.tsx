export function ProjectBuilderPage() {
  return <h1>Project builder</h1>
}
