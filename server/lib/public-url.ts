import type { Settings } from '../settings'

/** The address users reach the app at: PUBLIC_URL, or this server as seen from its own machine. */
export const publicUrl = (settings: Pick<Settings, 'PUBLIC_URL' | 'HOST' | 'PORT'>): string =>
  (
    settings.PUBLIC_URL ??
    `http://${settings.HOST === '127.0.0.1' ? 'localhost' : settings.HOST}:${settings.PORT}`
  ).replace(/\/+$/, '')
