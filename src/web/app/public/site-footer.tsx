import { brand } from '@shared/brand';
import { Mail, MessageCircle, Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FOOTER_QUICK_LINKS, FOOTER_SUPPORT_LINKS, type SiteLink } from './nav-links';

function LinkColumn({ title, links }: { title: string; links: SiteLink[] }) {
  const { t } = useTranslation('common');
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-semibold">{title}</h2>
      <ul className="mt-3 grid gap-2">
        {links.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              className="text-sm text-muted-foreground hover:text-foreground hover:underline"
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
  const year = new Date().getFullYear();
  const contactLines = [
    {
      href: `mailto:${brand.supportEmail}`,
      label: t('footer.emailLabel'),
      value: brand.supportEmail,
      icon: Mail,
    },
    {
      href: brand.messagingLink,
      label: t('footer.whatsappLabel'),
      value: brand.displayPhone,
      icon: MessageCircle,
    },
    {
      href: brand.telegramLink,
      label: t('footer.telegramLabel'),
      value: `@${brand.telegramHandle}`,
      icon: Send,
    },
  ];

  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4 lg:px-8">
        <div>
          <p className="text-lg font-bold text-primary">{brand.name}</p>
          <p className="mt-3 text-sm text-muted-foreground">{t('footer.tagline')}</p>
        </div>
        <LinkColumn title={t('footer.quickLinks')} links={FOOTER_QUICK_LINKS} />
        <LinkColumn title={t('footer.support')} links={FOOTER_SUPPORT_LINKS} />
        <div>
          <h2 className="text-sm font-semibold">{t('footer.contact')}</h2>
          <ul className="mt-3 grid gap-2">
            {contactLines.map(({ href, label, value, icon: Icon }) => (
              <li key={href}>
                <a
                  href={href}
                  {...(href.startsWith('http') ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                  className="inline-flex items-center gap-2 text-sm text-muted-foreground hover:text-foreground hover:underline"
                >
                  <Icon aria-hidden="true" className="size-4 shrink-0" />
                  <span>
                    <span className="sr-only">{label}: </span>
                    <bdi>{value}</bdi>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-6xl px-4 py-6 text-center text-sm text-muted-foreground sm:px-6 lg:px-8">
          {t('footer.copyright', { year, brand: brand.name })}
        </p>
      </div>
    </footer>
  );
}
