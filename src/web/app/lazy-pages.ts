import { lazy, type ComponentType } from 'react';

/** Every page is its own chunk, so a visitor of the marketing site never downloads the panel. */
function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

// Marketing site
export const HomePage = lazyPage(() => import('@web/features/marketing/pages/home-page'), 'HomePage');
export const AboutPage = lazyPage(() => import('@web/features/marketing/pages/about-page'), 'AboutPage');
export const FeaturesPage = lazyPage(
  () => import('@web/features/marketing/pages/features-page'),
  'FeaturesPage',
);
export const FaqPage = lazyPage(() => import('@web/features/marketing/pages/faq-page'), 'FaqPage');
export const HowItWorksPage = lazyPage(
  () => import('@web/features/marketing/pages/how-it-works-page'),
  'HowItWorksPage',
);
export const PricingPage = lazyPage(
  () => import('@web/features/marketing/pages/pricing-page'),
  'PricingPage',
);
export const ResellerPage = lazyPage(
  () => import('@web/features/marketing/pages/reseller-page'),
  'ResellerPage',
);
export const ContactPage = lazyPage(
  () => import('@web/features/marketing/pages/contact-page'),
  'ContactPage',
);
export const OrderPage = lazyPage(() => import('@web/features/marketing/pages/order-page'), 'OrderPage');
export const TestimonialsPage = lazyPage(
  () => import('@web/features/marketing/pages/testimonials-page'),
  'TestimonialsPage',
);
export const TutorialsPage = lazyPage(
  () => import('@web/features/marketing/pages/tutorials-page'),
  'TutorialsPage',
);
export const TermsPage = lazyPage(() => import('@web/features/marketing/pages/terms-page'), 'TermsPage');
export const NotFoundPage = lazyPage(
  () => import('@web/features/marketing/pages/not-found-page'),
  'NotFoundPage',
);

// Device page
export const AccountViewPage = lazyPage(
  () => import('@web/features/device/pages/account-view-page'),
  'AccountViewPage',
);
export const AccountPlaylistsPage = lazyPage(
  () => import('@web/features/device/pages/account-playlists-page'),
  'AccountPlaylistsPage',
);
export const AddPlaylistPage = lazyPage(
  () => import('@web/features/device/pages/add-playlist-page'),
  'AddPlaylistPage',
);
export const PairPage = lazyPage(() => import('@web/features/device/pages/pair-page'), 'PairPage');

// Signed-out account recovery (the sign-in page's "Forgot your password?")
export const ForgotPasswordPage = lazyPage(
  () => import('@web/features/panel-auth/forgot-password-page'),
  'ForgotPasswordPage',
);
export const ResetPasswordPage = lazyPage(
  () => import('@web/features/panel-auth/reset-password-page'),
  'ResetPasswordPage',
);

// Panel
export const PanelLayout = lazy(() => import('./panel-layout'));
export const RequireAdmin = lazy(() => import('./require-admin'));
export const DashboardHomePage = lazyPage(
  () => import('@web/features/panel-dashboard/dashboard-home-page'),
  'DashboardHomePage',
);
export const DevicesPage = lazyPage(() => import('@web/features/panel-devices/devices-page'), 'DevicesPage');
export const CheckMacPage = lazyPage(
  () => import('@web/features/panel-check-mac/check-mac-page'),
  'CheckMacPage',
);
export const ActivateMacPage = lazyPage(
  () => import('@web/features/panel-activate-mac/activate-mac-page'),
  'ActivateMacPage',
);
export const BulkActivationPage = lazyPage(
  () => import('@web/features/panel-bulk-activation/bulk-activation-page'),
  'BulkActivationPage',
);
export const ActivityPage = lazyPage(
  () => import('@web/features/panel-activity/activity-page'),
  'ActivityPage',
);
export const DeviceMessagesPage = lazyPage(
  () => import('@web/features/panel-device-messages/device-messages-page'),
  'DeviceMessagesPage',
);
export const PlaylistsPage = lazyPage(
  () => import('@web/features/panel-playlists/playlists-page'),
  'PlaylistsPage',
);
export const ClientsPage = lazyPage(() => import('@web/features/panel-clients/clients-page'), 'ClientsPage');
export const MessagesPage = lazyPage(
  () => import('@web/features/panel-messages/messages-page'),
  'MessagesPage',
);
export const ResellersPage = lazyPage(
  () => import('@web/features/panel-resellers/resellers-page'),
  'ResellersPage',
);
export const CreditsPage = lazyPage(() => import('@web/features/panel-credits/credits-page'), 'CreditsPage');
export const LinksPage = lazyPage(() => import('@web/features/panel-links/links-page'), 'LinksPage');
export const ApiAndWebhooksPage = lazyPage(() => import('./api-and-webhooks-page'), 'ApiAndWebhooksPage');
export const ChangePasswordPage = lazyPage(
  () => import('@web/features/panel-password/change-password-page'),
  'ChangePasswordPage',
);
export const TwoFactorSection = lazyPage(
  () => import('@web/features/panel-two-factor/two-factor-section'),
  'TwoFactorSection',
);
export const EmailPreferencesCard = lazyPage(
  () => import('@web/features/panel-password/email-preferences-card'),
  'EmailPreferencesCard',
);
