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
        // React and XState in one chunk of their own, loaded with every page: left to itself,
        // the bundler re-splits them by which lazy areas use them (the trade portal, the
        // builder, the back office), and the landing page pays for the extra chunks.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|xstate|@xstate[\\/]react|use-sync-external-store)[\\/]/,
            },
          ],
        },
      },
    },
  },
})
