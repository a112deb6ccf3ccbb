import { Suspense, useCallback, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../../components/loading';
import { ErrorBoundary } from '../../../components/error-boundary';
import { Header } from './header';
import { SideMenu } from './side-menu';
import { Footer } from './footer';

const MENU_ID = 'side-menu';

/** The main area: header with logo, menu toggle (and the top bar on wide screens), side menu, content, footer. */
export function MainLayout() {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const { pathname } = useLocation();
  // One main navigation at a time: the top bar on wide screens, the tab bar on phones. Both are
  // rendered and CSS shows one (styles/index.css, `[data-nav]`), so the server's page, which
  // knows no screen width, is already the one the browser shows.
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <Header
        menuOpen={menuOpen}
        onToggleMenu={() => setMenuOpen((open) => !open)}
        menuId={MENU_ID}
        withNav
      />
      <SideMenu open={menuOpen} onClose={closeMenu} id={MENU_ID} />
      <main id="main" className="shell__main">
        {/* A page that breaks keeps the header and menu around its error screen. */}
        <ErrorBoundary resetKey={pathname}>
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <Footer withNav />
    </div>
  );
}
