/** The day `time` falls on, on the client's own calendar, as a date input wants it. */
export function localDay(time: number): string {
  const day = new Date(time)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`
}
