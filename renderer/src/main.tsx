// Mantine's groundwork; each component's own CSS comes with its code (build/vite/mantine-css.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@fontsource/cinzel/700.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { trackPresence } from './domain/presence';
import { applyDeferredStylesheets, endPrerender, prerenderShown } from './lib/first-paint';
import { registerServiceWorkerAfterLoad } from './lib/pwa/register';
import { socket } from './lib/realtime';
import { loadToken } from './lib/storage';
import { initPlatform } from './platform';

// The online set follows the app's one socket from its first frame, whichever page asks for it
// (lib/ knows no players, so the entry wires it: docs/design.md, "Renderer").
trackPresence(socket);

// The platform (and, in a native shell, its stored session) and the app's stylesheets are ready
// before anything renders. A shell whose plugins fail to start still opens, as the browser app would.
const platformReady = initPlatform()
  .then(loadToken)
  .catch((error: unknown) => console.error('Platform start-up failed', error));
void Promise.all([platformReady, applyDeferredStylesheets()])
  .then(() => {
    // A prerendered landing page kept hidden (a session, another address) has nothing more to do:
    // its inlined rules go only now that the stylesheets stand in for them. A shown one stays until
    // the landing page replaces it (lib/first-paint).
    if (!prerenderShown()) endPrerender();
  })
  .finally(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
registerServiceWorkerAfterLoad();
