import { lazy } from 'react';

// Everything that is not the store front loads on demand, so the first page stays small.
export const PoliticsPage = lazy(() =>
  import('../features/legal/components/politics-page').then((m) => ({ default: m.PoliticsPage })),
);
export const TermsPage = lazy(() =>
  import('../features/legal/components/terms-page').then((m) => ({ default: m.TermsPage })),
);
export const FaqsPage = lazy(() =>
  import('../features/legal/components/faqs-page').then((m) => ({ default: m.FaqsPage })),
);
export const CookiesPage = lazy(() =>
  import('../features/cookies/components/cookies-page').then((m) => ({ default: m.CookiesPage })),
);
export const LandingPage = lazy(() =>
  import('../features/landing').then((m) => ({ default: m.LandingPage })),
);
export const CartaPage = lazy(() =>
  import('../features/carta').then((m) => ({ default: m.CartaPage })),
);
export const CartPage = lazy(() =>
  import('../features/cart').then((m) => ({ default: m.CartPage })),
);
export const MultisiteHome = lazy(() =>
  import('../features/tenancy/components/multisite-home').then((m) => ({
    default: m.MultisiteHome,
  })),
);
export const CategoryPage = lazy(() =>
  import('../features/tenancy/components/category-page').then((m) => ({ default: m.CategoryPage })),
);

const auth = () => import('../features/auth');
export const LoginPage = lazy(() => auth().then((m) => ({ default: m.LoginPage })));
export const RegisterPage = lazy(() => auth().then((m) => ({ default: m.RegisterPage })));
export const RecoveryPasswordPage = lazy(() =>
  auth().then((m) => ({ default: m.RecoveryPasswordPage })),
);
export const ResetPasswordPage = lazy(() => auth().then((m) => ({ default: m.ResetPasswordPage })));
export const VerificationEmailPage = lazy(() =>
  auth().then((m) => ({ default: m.VerificationEmailPage })),
);
export const DeleteAccountPage = lazy(() => auth().then((m) => ({ default: m.DeleteAccountPage })));
export const CompleteInfoPage = lazy(() => auth().then((m) => ({ default: m.CompleteInfoPage })));

const profile = () => import('../features/profile');
export const ProfilePage = lazy(() => profile().then((m) => ({ default: m.ProfilePage })));
export const ChangePasswordPage = lazy(() =>
  profile().then((m) => ({ default: m.ChangePasswordPage })),
);
export const DeleteAccountRequestPage = lazy(() =>
  profile().then((m) => ({ default: m.DeleteAccountRequestPage })),
);

const checkout = () => import('../features/checkout');
export const CheckoutPage = lazy(() => checkout().then((m) => ({ default: m.CheckoutPage })));
export const CouponCodePage = lazy(() => checkout().then((m) => ({ default: m.CouponCodePage })));
export const SubscriptionCheckoutPage = lazy(() =>
  checkout().then((m) => ({ default: m.SubscriptionCheckoutPage })),
);

const orders = () => import('../features/orders');
export const OrdersPage = lazy(() => orders().then((m) => ({ default: m.OrdersPage })));
export const OrderPage = lazy(() => orders().then((m) => ({ default: m.OrderPage })));

export const MySubscriptionsPage = lazy(() =>
  import('../features/subscriptions').then((m) => ({ default: m.MySubscriptionsPage })),
);

const raffles = () => import('../features/raffles');
export const RafflesPage = lazy(() => raffles().then((m) => ({ default: m.RafflesPage })));
export const RafflePage = lazy(() => raffles().then((m) => ({ default: m.RafflePage })));
const polls = () => import('../features/polls');
export const PollsPage = lazy(() => polls().then((m) => ({ default: m.PollsPage })));
export const PollPage = lazy(() => polls().then((m) => ({ default: m.PollPage })));
const events = () => import('../features/events');
export const EventsPage = lazy(() => events().then((m) => ({ default: m.EventsPage })));
export const EventPage = lazy(() => events().then((m) => ({ default: m.EventPage })));
export const CoinOrdersPage = lazy(() =>
  import('../features/coins').then((m) => ({ default: m.CoinOrdersPage })),
);

const programs = () => import('../features/programs');
export const ProgramPage = lazy(() => programs().then((m) => ({ default: m.ProgramPage })));
export const PromotionPage = lazy(() => programs().then((m) => ({ default: m.PromotionPage })));
export const RedemptionsPage = lazy(() => programs().then((m) => ({ default: m.RedemptionsPage })));
export const QrPage = lazy(() => programs().then((m) => ({ default: m.QrPage })));

// The back office: its own chunk (code, texts and styles), never downloaded by the store front.
export const AdminArea = lazy(() =>
  import('../features/admin').then((m) => ({ default: m.AdminArea })),
);

// Staff screens: their own chunk (code, texts and styles), never downloaded by the store front.
export const StaffArea = lazy(() =>
  import('../features/staff').then((m) => ({ default: m.StaffArea })),
);
export const StaffInvitationPage = lazy(() =>
  import('../features/staff').then((m) => ({ default: m.InvitationPage })),
);

export const CreateStorePage = lazy(() =>
  import('../features/marketplace').then((m) => ({ default: m.CreateStorePage })),
);
