import './zodWithoutEval.ts';
import '@fontsource/titillium-web/400.css';
import '@fontsource/titillium-web/600.css';
import '@fontsource/titillium-web/700.css';
import '../styles/global.css.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { askForUserEarly } from './auth/earlyUser.ts';
import { rememberReturnTo } from './auth/returnTo.ts';
import { readTokenCookies } from './auth/tokenCookies.ts';
import { WelcomePage } from './features/welcome/WelcomePage.tsx';
import { MainContent, SkipLink } from './ui/PageLayout.tsx';
import { SiteFooter } from './ui/SiteFooter.tsx';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');
const root = createRoot(container);

/**
 * A visitor without a session on the welcome page only chooses Accedi or Registrati, and both leave for the
 * identity provider: they get the page on its own, without the router, the API client, the auth machine and
 * every route's schemas (spec §2: the welcome page stays light). Anyone else — a session to resume, any other
 * page — gets the whole portal (src/App.tsx), loaded on demand.
 */
const tokens = readTokenCookies(document);
const anonymousWelcome = window.location.pathname === '/' && tokens === null;

if (anonymousWelcome) {
  // Where the login guard found the person (/?redirect=…): they go back there after login.
  rememberReturnTo(window.sessionStorage, new URLSearchParams(window.location.search).get('redirect') ?? undefined);
  root.render(
    <StrictMode>
      <SkipLink />
      <MainContent>
        <WelcomePage notice={null} failed={false} />
      </MainContent>
      <SiteFooter />
    </StrictMode>,
  );
} else {
  // A session to resume: the person's record is asked for now, beside the portal's code (src/auth/earlyUser.ts).
  if (tokens !== null) askForUserEarly(tokens.token);
  void import('./App.tsx').then(({ renderApp }) => renderApp(root));
}
