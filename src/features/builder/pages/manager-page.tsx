export function ManagerPage({ id }: { id: string }) {
  return <h1 data-manager={id}>Project manager</h1>
}
