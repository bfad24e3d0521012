import { whatsappLink } from '@shared/brand';
import { ArrowRight, BookOpen, CircleHelp, MessageCircle, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBrand } from '@web/lib/brand';

const linkClass =
  'inline-flex items-center gap-1.5 rounded font-semibold text-primary outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring';

function CardLink({ to, href, label }: { to?: string; href?: string; label: string }) {
  const { t } = useTranslation('marketing');
  const arrow = <ArrowRight aria-hidden="true" className="size-4 rtl:-scale-x-100" />;
  if (to)
    return (
      <Link to={to} className={linkClass}>
        {label}
        {arrow}
      </Link>
    );
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={linkClass}>
      {label}
      <span className="sr-only"> {t('newTab')}</span>
      {arrow}
    </a>
  );
}

/**
 * The ways to help oneself before writing: the FAQ, the chat (another site; only with a messaging
 * number configured), the tutorials.
 */
export function SupportCards() {
  const { t } = useTranslation('marketing');
  const chat = whatsappLink(useBrand());
  const cards: { key: 'faq' | 'chat' | 'tutorials'; icon: LucideIcon; to?: string; href?: string }[] = [
    { key: 'faq', icon: CircleHelp, to: '/faq' },
    ...(chat ? [{ key: 'chat' as const, icon: MessageCircle, href: chat }] : []),
    { key: 'tutorials', icon: BookOpen, to: '/tutorials' },
  ];
  return (
    <ul className={cards.length === 3 ? 'grid gap-6 md:grid-cols-3' : 'grid gap-6 md:grid-cols-2'}>
      {cards.map(({ key, icon: Icon, to, href }) => (
        <li key={key} className="flex flex-col rounded-2xl border bg-card p-6 shadow-sm">
          <span className="grid size-12 place-items-center rounded-xl bg-primary/10 text-primary">
            <Icon aria-hidden="true" className="size-6" />
          </span>
          <h2 className="mt-4 text-lg font-semibold">{t(`contact.cards.${key}.title`)}</h2>
          <p className="mt-1 flex-1 text-muted-foreground">{t(`contact.cards.${key}.text`)}</p>
          <div className="mt-4">
            <CardLink to={to} href={href} label={t(`contact.cards.${key}.link`)} />
          </div>
        </li>
      ))}
    </ul>
  );
}
