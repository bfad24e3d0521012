import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import {
  HomePage,
  AboutPage,
  FeaturesPage,
  FaqPage,
  HowItWorksPage,
  PricingPage,
  ResellerPage,
  ContactPage,
  OrderPage,
  TestimonialsPage,
  TutorialsPage,
  TermsPage,
  NotFoundPage,
  AccountViewPage,
  AccountPlaylistsPage,
  AddPlaylistPage,
  PairPage,
  ForgotPasswordPage,
  ResetPasswordPage,
  PanelLayout,
  RequireAdmin,
  DashboardHomePage,
  DevicesPage,
  CheckMacPage,
  ActivateMacPage,
  BulkActivationPage,
  ActivityPage,
  DeviceMessagesPage,
  PlaylistsPage,
  ClientsPage,
  MessagesPage,
  ResellersPage,
  CreditsPage,
  LinksPage,
  ApiAndWebhooksPage,
  ChangePasswordPage,
  EmailPreferencesCard,
  TwoFactorSection,
} from './lazy-pages';
import { PublicLayout } from './public-layout';
import { RouteError } from './route-error';

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
      { path: 'device-messages', element: <DeviceMessagesPage /> },
      { path: 'activity', element: <ActivityPage /> },
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
        // The account screen: the password, two-factor sign-in (its own feature), then e-mails.
        element: (
          <div className="flex max-w-xl flex-col gap-6">
            <ChangePasswordPage />
            <TwoFactorSection />
            <EmailPreferencesCard />
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
