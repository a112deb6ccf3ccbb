import { lazy, type ComponentType } from 'react';
import { loadScreenTexts, type ScreenTexts } from '../i18n';
import { lazyChunk } from '../lib/rendered-chunks';

// Everything that is not the store front loads on demand, so the first page stays small.

/**
 * A lazy screen: its code and the Spanish texts of the lazy screens (i18n/screens-es.ts), fetched
 * side by side, so neither waits for the other and the screen renders with its words. A first
 * page names the groups of texts it shows (`texts`), so it fetches only those; the others load
 * with the screen that shows them.
 */
function screen<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
  texts?: readonly ScreenTexts[],
) {
  return lazy(() => withTexts(load, texts));
}

function withTexts<T>(load: () => Promise<T>, texts?: readonly ScreenTexts[]): Promise<T> {
  return Promise.all([load(), loadScreenTexts(texts)]).then(([module]) => module);
}
export const PoliticsPage = screen(() =>
  import('../features/legal/components/politics-page').then((m) => ({ default: m.PoliticsPage })),
);
export const TermsPage = screen(() =>
  import('../features/legal/components/terms-page').then((m) => ({ default: m.TermsPage })),
);
export const FaqsPage = screen(() =>
  import('../features/legal/components/faqs-page').then((m) => ({ default: m.FaqsPage })),
);
export const CookiesPage = screen(() =>
  import('../features/cookies/components/cookies-page').then((m) => ({ default: m.CookiesPage })),
);
// A first page the server renders names its chunk, so the server links its stylesheet.
export const LandingPage = lazyChunk('src/features/landing/index.ts', () =>
  withTexts(
    () => import('../features/landing').then((m) => ({ default: m.LandingPage })),
    ['landing'],
  ),
);
export const CartaPage = screen(() =>
  import('../features/carta').then((m) => ({ default: m.CartaPage })),
);
export const CartPage = screen(
  () => import('../features/cart').then((m) => ({ default: m.CartPage })),
  ['checkout'],
);
// The multisite home and its category pages are first pages the server renders, in the main
// catalogue's words alone: they load no screen texts. Texts arriving while React hydrated them
// re-rendered every component that translates, and React dropped the server's page for the
// loading screen until the chunk came (a click in that moment was lost).
export const MultisiteHome = screen(
  () =>
    import('../features/tenancy/components/multisite-home').then((m) => ({
      default: m.MultisiteHome,
    })),
  [],
);
export const CategoryPage = screen(
  () =>
    import('../features/tenancy/components/category-page').then((m) => ({
      default: m.CategoryPage,
    })),
  [],
);

const auth = () => import('../features/auth');
export const LoginPage = screen(
  () => import('../features/auth/login').then((m) => ({ default: m.LoginPage })),
  ['auth'],
);
export const RegisterPage = screen(() => auth().then((m) => ({ default: m.RegisterPage })));
export const RecoveryPasswordPage = screen(() =>
  auth().then((m) => ({ default: m.RecoveryPasswordPage })),
);
export const ResetPasswordPage = screen(() =>
  auth().then((m) => ({ default: m.ResetPasswordPage })),
);
export const VerificationEmailPage = screen(() =>
  auth().then((m) => ({ default: m.VerificationEmailPage })),
);
export const DeleteAccountPage = screen(() =>
  auth().then((m) => ({ default: m.DeleteAccountPage })),
);
export const CompleteInfoPage = screen(() => auth().then((m) => ({ default: m.CompleteInfoPage })));

const profile = () => import('../features/profile');
export const ProfilePage = screen(() => profile().then((m) => ({ default: m.ProfilePage })));
export const ChangePasswordPage = screen(() =>
  profile().then((m) => ({ default: m.ChangePasswordPage })),
);
export const DeleteAccountRequestPage = screen(() =>
  profile().then((m) => ({ default: m.DeleteAccountRequestPage })),
);

const checkout = () => import('../features/checkout');
export const CheckoutPage = screen(() => checkout().then((m) => ({ default: m.CheckoutPage })));
export const CouponCodePage = screen(() => checkout().then((m) => ({ default: m.CouponCodePage })));
export const SubscriptionCheckoutPage = screen(() =>
  checkout().then((m) => ({ default: m.SubscriptionCheckoutPage })),
);

const orders = () => import('../features/orders');
export const OrdersPage = screen(() => orders().then((m) => ({ default: m.OrdersPage })));
export const OrderPage = screen(() => orders().then((m) => ({ default: m.OrderPage })));

export const MySubscriptionsPage = screen(() =>
  import('../features/subscriptions').then((m) => ({ default: m.MySubscriptionsPage })),
);

const raffles = () => import('../features/raffles');
export const RafflesPage = screen(() => raffles().then((m) => ({ default: m.RafflesPage })));
export const RafflePage = screen(() => raffles().then((m) => ({ default: m.RafflePage })));
const polls = () => import('../features/polls');
export const PollsPage = screen(() => polls().then((m) => ({ default: m.PollsPage })));
export const PollPage = screen(() => polls().then((m) => ({ default: m.PollPage })));
const events = () => import('../features/events');
export const EventsPage = screen(() => events().then((m) => ({ default: m.EventsPage })));
export const EventPage = screen(() => events().then((m) => ({ default: m.EventPage })));
export const CoinOrdersPage = screen(() =>
  import('../features/coins').then((m) => ({ default: m.CoinOrdersPage })),
);

const programs = () => import('../features/programs');
export const ProgramPage = screen(() => programs().then((m) => ({ default: m.ProgramPage })));
export const PromotionPage = screen(() => programs().then((m) => ({ default: m.PromotionPage })));
export const RedemptionsPage = screen(() =>
  programs().then((m) => ({ default: m.RedemptionsPage })),
);
export const QrPage = screen(() => programs().then((m) => ({ default: m.QrPage })));

// The back office: its own chunk (code, texts and styles), never downloaded by the store front.
// The back office with the public landing for its editor's preview, whose texts are screen texts.
export const AdminArea = screen(() =>
  import('./admin-area').then((m) => ({ default: m.AdminAreaWithPreview })),
);

// Staff screens: their own chunk (code, texts and styles), never downloaded by the store front.
export const StaffArea = screen(() =>
  import('../features/staff').then((m) => ({ default: m.StaffArea })),
);
export const StaffInvitationPage = screen(() =>
  import('../features/staff').then((m) => ({ default: m.InvitationPage })),
);

export const CreateStorePage = lazy(() =>
  import('../features/marketplace').then((m) => ({ default: m.CreateStorePage })),
);
