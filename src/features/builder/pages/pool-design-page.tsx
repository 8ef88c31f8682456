export function PoolDesignPage() {
  return <h1>Pool Design</h1>
}
