// The database's tables, by domain: what drizzle-kit reads to generate the migrations
// (drizzle.config.ts), and what the repositories and the driver import.
export * from './accounts'
export * from './directory'
export * from './pool'
export * from './timeline'
export * from './money'
export * from './documents'
export * from './notifications'
export * from './core'
export * from './trades'
export * from './bids'
export * from './passport'
export * from './checklists'
