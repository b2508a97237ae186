import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { createQueryClient } from './app/query-client.ts';
import { createAppRouter } from './app/router.tsx';
import { http, setUnauthorizedHandler } from './lib/http/http-client.ts';
import { hasAccessToken } from './lib/session/access-token.ts';
import { clearSessionAndReload } from './lib/session/logout.ts';

// A 401 on any call means the stored token is no longer good: sign out (spec 4, Session).
setUnauthorizedHandler(() => {
  if (hasAccessToken()) clearSessionAndReload();
});

// Browser tests call the API through the app's own client (headers, toasts) when they ask for it.
declare global {
  interface Window {
    __E2E__?: boolean;
    __appHttp?: typeof http;
  }
}
if (window.__E2E__) window.__appHttp = http;

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');

createRoot(root).render(
  <StrictMode>
    <App router={createAppRouter()} queryClient={createQueryClient()} />
  </StrictMode>,
);
