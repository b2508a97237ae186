import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 800 },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: {
      '/api': apiTarget,
      '/media': apiTarget,
      // The socket only (an upgrade has no response object); a page load of /notifications or
      // /notifications/ stays Vite's, as the server's own not-found handler serves the page.
      '^/notifications/?(\\?|$)': {
        target: apiTarget,
        ws: true,
        bypass: (req, res) => (res ? req.url : undefined),
      },
    },
  },
});
