import { lazy, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PublicLayout } from './public-layout';
import { RouteError } from './route-error';

/** Every page is its own chunk, so a visitor of the marketing site never downloads the panel. */
function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

// Marketing site
const HomePage = lazyPage(() => import('@web/features/marketing/pages/home-page'), 'HomePage');
const AboutPage = lazyPage(() => import('@web/features/marketing/pages/about-page'), 'AboutPage');
const FeaturesPage = lazyPage(() => import('@web/features/marketing/pages/features-page'), 'FeaturesPage');
const FaqPage = lazyPage(() => import('@web/features/marketing/pages/faq-page'), 'FaqPage');
const HowItWorksPage = lazyPage(
  () => import('@web/features/marketing/pages/how-it-works-page'),
  'HowItWorksPage',
);
const PricingPage = lazyPage(() => import('@web/features/marketing/pages/pricing-page'), 'PricingPage');
const ResellerPage = lazyPage(() => import('@web/features/marketing/pages/reseller-page'), 'ResellerPage');
const ContactPage = lazyPage(() => import('@web/features/marketing/pages/contact-page'), 'ContactPage');
const OrderPage = lazyPage(() => import('@web/features/marketing/pages/order-page'), 'OrderPage');
const TestimonialsPage = lazyPage(
  () => import('@web/features/marketing/pages/testimonials-page'),
  'TestimonialsPage',
);
const TutorialsPage = lazyPage(() => import('@web/features/marketing/pages/tutorials-page'), 'TutorialsPage');
const TermsPage = lazyPage(() => import('@web/features/marketing/pages/terms-page'), 'TermsPage');
const NotFoundPage = lazyPage(() => import('@web/features/marketing/pages/not-found-page'), 'NotFoundPage');

// Device page
const AccountViewPage = lazyPage(
  () => import('@web/features/device/pages/account-view-page'),
  'AccountViewPage',
);
const AccountPlaylistsPage = lazyPage(
  () => import('@web/features/device/pages/account-playlists-page'),
  'AccountPlaylistsPage',
);
const AddPlaylistPage = lazyPage(
  () => import('@web/features/device/pages/add-playlist-page'),
  'AddPlaylistPage',
);
const PairPage = lazyPage(() => import('@web/features/device/pages/pair-page'), 'PairPage');

// Signed-out account recovery (the sign-in page's "Forgot your password?")
const ForgotPasswordPage = lazyPage(
  () => import('@web/features/panel-auth/forgot-password-page'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = lazyPage(
  () => import('@web/features/panel-auth/reset-password-page'),
  'ResetPasswordPage',
);

// Panel
const PanelLayout = lazy(() => import('./panel-layout'));
const RequireAdmin = lazy(() => import('./require-admin'));
const DashboardHomePage = lazyPage(
  () => import('@web/features/panel-dashboard/dashboard-home-page'),
  'DashboardHomePage',
);
const DevicesPage = lazyPage(() => import('@web/features/panel-devices/devices-page'), 'DevicesPage');
const CheckMacPage = lazyPage(() => import('@web/features/panel-check-mac/check-mac-page'), 'CheckMacPage');
const ActivateMacPage = lazyPage(
  () => import('@web/features/panel-activate-mac/activate-mac-page'),
  'ActivateMacPage',
);
const BulkActivationPage = lazyPage(
  () => import('@web/features/panel-bulk-activation/bulk-activation-page'),
  'BulkActivationPage',
);
const PlaylistsPage = lazyPage(() => import('@web/features/panel-playlists/playlists-page'), 'PlaylistsPage');
const ClientsPage = lazyPage(() => import('@web/features/panel-clients/clients-page'), 'ClientsPage');
const MessagesPage = lazyPage(() => import('@web/features/panel-messages/messages-page'), 'MessagesPage');
const ResellersPage = lazyPage(() => import('@web/features/panel-resellers/resellers-page'), 'ResellersPage');
const CreditsPage = lazyPage(() => import('@web/features/panel-credits/credits-page'), 'CreditsPage');
const LinksPage = lazyPage(() => import('@web/features/panel-links/links-page'), 'LinksPage');
const ApiAndWebhooksPage = lazyPage(() => import('./api-and-webhooks-page'), 'ApiAndWebhooksPage');
const ChangePasswordPage = lazyPage(
  () => import('@web/features/panel-password/change-password-page'),
  'ChangePasswordPage',
);
const TwoFactorSection = lazyPage(
  () => import('@web/features/panel-two-factor/two-factor-section'),
  'TwoFactorSection',
);

/** docs/product.md; the same paths are listed in src/shared/routes.ts for the server. */
export const appRoutes: RouteObject[] = [
  {
    element: <PublicLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'about', element: <AboutPage /> },
      { path: 'features', element: <FeaturesPage /> },
      { path: 'faq', element: <FaqPage /> },
      { path: 'how-it-works', element: <HowItWorksPage /> },
      { path: 'pricing', element: <PricingPage /> },
      { path: 'reseller', element: <ResellerPage /> },
      { path: 'contact', element: <ContactPage /> },
      { path: 'order', element: <OrderPage /> },
      { path: 'testimonials', element: <TestimonialsPage /> },
      { path: 'tutorials', element: <TutorialsPage /> },
      { path: 'terms', element: <TermsPage /> },
      { path: 'account/view', element: <AccountViewPage /> },
      { path: 'account/playlists', element: <AccountPlaylistsPage /> },
      { path: 'account/add-playlist', element: <AddPlaylistPage /> },
      { path: 'pair', element: <PairPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  { path: 'forgot-password', element: <ForgotPasswordPage />, errorElement: <RouteError /> },
  { path: 'reset-password', element: <ResetPasswordPage />, errorElement: <RouteError /> },
  {
    path: 'dashboard',
    element: <PanelLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to="/dashboard/home" replace /> },
      { path: 'home', element: <DashboardHomePage /> },
      { path: 'devices', element: <DevicesPage /> },
      { path: 'check-mac', element: <CheckMacPage /> },
      { path: 'activate-mac', element: <ActivateMacPage /> },
      { path: 'bulk-activation', element: <BulkActivationPage /> },
      { path: 'playlists', element: <PlaylistsPage /> },
      {
        path: 'clients',
        element: (
          <RequireAdmin>
            <ClientsPage />
          </RequireAdmin>
        ),
      },
      { path: 'resellers', element: <ResellersPage /> },
      { path: 'credits', element: <CreditsPage /> },
      { path: 'links', element: <LinksPage /> },
      { path: 'api-keys', element: <ApiAndWebhooksPage /> },
      {
        path: 'passwordChange',
        // The account screen: the password, then two-factor sign-in (its own feature).
        element: (
          <div className="flex max-w-xl flex-col gap-6">
            <ChangePasswordPage />
            <TwoFactorSection />
          </div>
        ),
      },
      {
        path: 'messages',
        element: (
          <RequireAdmin>
            <MessagesPage />
          </RequireAdmin>
        ),
      },
    ],
  },
  {
    path: 'test',
    element: <PanelLayout />,
    errorElement: <RouteError />,
    children: [{ index: true, element: <CreditsPage /> }],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
