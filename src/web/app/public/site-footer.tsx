import { telegramLink, whatsappLink } from '@shared/brand';
import { Mail, MessageCircle, Send, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBrand } from '@web/lib/brand';
import { useReloadDocumentFor } from '@web/lib/document-navigation';
import { BrandLogo } from './brand-logo';
import { FOOTER_QUICK_LINKS, FOOTER_SUPPORT_LINKS, type SiteLink } from './nav-links';

function LinkColumn({ title, links }: { title: string; links: SiteLink[] }) {
  const { t } = useTranslation('common');
  const reloadDocumentFor = useReloadDocumentFor();
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-semibold text-foreground">{title}</h2>
      <ul className="mt-4 grid gap-1">
        {links.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              reloadDocument={reloadDocumentFor(link.to)}
              className="inline-block rounded py-1 text-sm text-muted-foreground outline-none transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
            >
              {t(link.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SiteFooter() {
  const { t } = useTranslation('common');
  const brand = useBrand();
  const year = new Date().getFullYear();
  const whatsapp = whatsappLink(brand);
  const telegram = telegramLink(brand);
  // Only the channels the operator configured: an unset one is left out, never a dead link.
  const contactLines = [
    brand.supportEmail && {
      href: `mailto:${brand.supportEmail}`,
      label: t('footer.emailLabel'),
      value: brand.supportEmail,
      icon: Mail,
    },
    whatsapp && {
      href: whatsapp,
      label: t('footer.whatsappLabel'),
      value: brand.phone ?? `+${brand.whatsapp}`,
      icon: MessageCircle,
    },
    telegram && {
      href: telegram,
      label: t('footer.telegramLabel'),
      value: `@${brand.telegram}`,
      icon: Send,
    },
  ].filter((line) => !!line);

  return (
    <footer className="relative border-t bg-muted/40">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 h-px bg-gradient-to-r from-transparent via-violet-500/60 to-transparent"
      />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:grid-cols-2 sm:px-6 lg:grid-cols-[1.4fr_1fr_1fr_1.2fr] lg:px-chat-clear-7xl">
        <div>
          <BrandLogo full />
          <p className="mt-4 max-w-xs text-sm leading-relaxed text-muted-foreground">{t('footer.tagline')}</p>
          <p className="mt-4 flex max-w-xs items-start gap-2 text-sm text-muted-foreground">
            <ShieldCheck
              aria-hidden="true"
              className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400"
            />
            {t('footer.payments')}
          </p>
        </div>
        <LinkColumn title={t('footer.quickLinks')} links={FOOTER_QUICK_LINKS} />
        <LinkColumn title={t('footer.support')} links={FOOTER_SUPPORT_LINKS} />
        {contactLines.length > 0 ? (
          <div>
            <h2 className="text-sm font-semibold text-foreground">{t('footer.contact')}</h2>
            <ul className="mt-4 grid gap-2">
              {contactLines.map(({ href, label, value, icon: Icon }) => (
                <li key={href}>
                  <a
                    href={href}
                    {...(href.startsWith('http') ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                    className="inline-flex items-center gap-2.5 rounded py-1 text-sm text-muted-foreground outline-none transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    <span className="grid size-8 place-items-center rounded-lg border bg-background">
                      <Icon aria-hidden="true" className="size-4" />
                    </span>
                    <span>
                      <span className="sr-only">{label}: </span>
                      <bdi dir="ltr">{value}</bdi>
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-7xl px-4 py-6 text-center text-sm text-muted-foreground sm:px-6 lg:px-chat-clear-7xl">
          {t('footer.copyright', { year, brand: brand.name })}
        </p>
      </div>
    </footer>
  );
}
