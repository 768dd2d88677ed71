/**
 * The dashboard's build: Preact through Vite, into dist/, which the server serves at `/`. Built by
 * `npm run build:dashboard` (root), which `npm ci` (prepare) and `npm start` (prestart) run when
 * the sources changed since the last build.
 */
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [preact()],
  base: '/',
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 600 },
  logLevel: 'warn',
});
