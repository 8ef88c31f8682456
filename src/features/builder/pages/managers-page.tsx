export function ManagersPage() {
  return <h1>Project managers</h1>
}
