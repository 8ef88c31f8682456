import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { precompress } from './scripts/vite/precompress.ts'

// The API (server/main.ts) runs on :3000 in development; `npm run dev` starts both.
const API_ORIGIN = 'http://127.0.0.1:3000'

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    // The API's CSRF check trusts exactly PUBLIC_URL=http://localhost:5173, so never drift.
    strictPort: true,
    proxy: { '/api': { target: API_ORIGIN } },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // dist/.vite/manifest.json: the server names an area's chunks in its pages from it.
    manifest: true,
    rollupOptions: {
      output: {
        // Left to itself, the bundler makes a chunk of every set of modules shared by the same
        // lazy areas: a signed-in Overview fetched about 40 scripts, most under 2 kB, and on a
        // phone's network each costs a round trip (Lighthouse's score moved 88 → 93 with these).
        // So React and XState are one chunk, the rest of what the landing page loads another,
        // and a shared chunk under 20 kB of source is copied into each chunk that imports it.
        // That copying needs the modules to run in their source order (strictExecutionOrder,
        // which it turns on) and entry chunks free to change their exports.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|xstate|@xstate[\\/]react|use-sync-external-store)[\\/]/,
            },
            { name: 'landing', tags: ['$initial'] },
          ],
          experimentalInlineCommonChunks: { maxSize: 20000 },
        },
      },
      preserveEntrySignatures: false,
    },
  },
})
