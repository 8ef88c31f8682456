/** A step's quotes and its done switch, shown on every step page. */
export function StepTools({ route }: { route: string }) {
  return <div data-step={route} />
}
