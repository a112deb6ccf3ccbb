import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API runs on its own process in development; the browser keeps calling /api on the
// page's host (e.g. multi.localhost:5173) and the Host header is kept so the server
// resolves the right tenant.
export default defineConfig({
  plugins: [react()],
  server: {
    host: true,
    allowedHosts: ['.localhost'],
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
  },
});
