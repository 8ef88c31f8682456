// Money travels as integer cents (pricing.ts); these write it in US dollars for people, the same
// in the app and in the server's messages.

const withCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
const wholeDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
})

/** Always shows cents: "$60.00", "$4.50". For unit prices, where cents matter. */
export function formatCents(cents: number): string {
  return withCents.format(cents / 100)
}

/** Drops ".00" on whole dollars: "$3,500", but "$12.50" stays exact. For amounts and totals. */
export function formatMoney(cents: number): string {
  return cents % 100 === 0 ? wholeDollars.format(cents / 100) : withCents.format(cents / 100)
}
