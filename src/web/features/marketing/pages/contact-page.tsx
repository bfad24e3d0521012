import { brand } from '@shared/brand';
import { ArrowRight, BookOpen, CircleHelp, Clock, Mail, MapPin, MessageCircle, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ContactForm } from '../components/contact-form';
import { PageHero } from '../components/page-hero';

function SupportCard({
  icon: Icon,
  title,
  text,
  link,
}: {
  icon: typeof Mail;
  title: string;
  text: string;
  link: ReactNode;
}) {
  return (
    <li className="flex flex-col rounded-2xl border bg-card p-6 shadow-sm">
      <span className="grid size-12 place-items-center rounded-xl bg-primary/10 text-primary">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <h2 className="mt-4 text-lg font-semibold">{title}</h2>
      <p className="mt-1 flex-1 text-muted-foreground">{text}</p>
      <div className="mt-4">{link}</div>
    </li>
  );
}

const linkClass =
  'inline-flex items-center gap-1.5 rounded font-semibold text-primary outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring';

export function ContactPage() {
  const { t } = useTranslation('marketing');
  const arrow = <ArrowRight aria-hidden="true" className="size-4 rtl:-scale-x-100" />;
  return (
    <>
      <PageHero
        documentTitle={t('meta.contact.title')}
        title={t('contact.title')}
        intro={t('contact.intro')}
      />
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <ul className="grid gap-6 md:grid-cols-3">
          <SupportCard
            icon={CircleHelp}
            title={t('contact.cards.faq.title')}
            text={t('contact.cards.faq.text')}
            link={
              <Link to="/faq" className={linkClass}>
                {t('contact.cards.faq.link')}
                {arrow}
              </Link>
            }
          />
          <SupportCard
            icon={MessageCircle}
            title={t('contact.cards.chat.title')}
            text={t('contact.cards.chat.text')}
            link={
              <a href={brand.messagingLink} target="_blank" rel="noopener noreferrer" className={linkClass}>
                {t('contact.cards.chat.link')}
                <span className="sr-only"> {t('newTab')}</span>
                {arrow}
              </a>
            }
          />
          <SupportCard
            icon={BookOpen}
            title={t('contact.cards.tutorials.title')}
            text={t('contact.cards.tutorials.text')}
            link={
              <Link to="/tutorials" className={linkClass}>
                {t('contact.cards.tutorials.link')}
                {arrow}
              </Link>
            }
          />
        </ul>

        <div className="mt-16 grid gap-10 lg:grid-cols-[1fr_1.6fr]">
          <section
            aria-labelledby="contact-info-title"
            className="rounded-3xl bg-gradient-to-br from-indigo-700 via-violet-700 to-fuchsia-700 p-8 text-white shadow-xl shadow-violet-900/20"
          >
            <h2 id="contact-info-title" className="text-2xl font-bold">
              {t('contact.info.title')}
            </h2>
            <dl className="mt-8 grid gap-6">
              <div className="relative ps-9">
                <dt className="text-sm text-indigo-100">
                  <Phone aria-hidden="true" className="absolute start-0 top-1 size-5 text-indigo-100" />
                  {t('contact.info.phone')}
                </dt>
                <dd>
                  <a
                    href={`tel:+${brand.messagingNumber}`}
                    className="rounded font-semibold outline-none hover:underline focus-visible:ring-2 focus-visible:ring-white"
                  >
                    <bdi dir="ltr">{brand.displayPhone}</bdi>
                  </a>
                </dd>
              </div>
              <div className="relative ps-9">
                <dt className="text-sm text-indigo-100">
                  <Mail aria-hidden="true" className="absolute start-0 top-1 size-5 text-indigo-100" />
                  {t('contact.info.email')}
                </dt>
                <dd>
                  <a
                    href={`mailto:${brand.supportEmail}`}
                    className="rounded font-semibold outline-none hover:underline focus-visible:ring-2 focus-visible:ring-white"
                  >
                    {brand.supportEmail}
                  </a>
                </dd>
              </div>
              <div className="relative ps-9">
                <dt className="text-sm text-indigo-100">
                  <MapPin aria-hidden="true" className="absolute start-0 top-1 size-5 text-indigo-100" />
                  {t('contact.info.address')}
                </dt>
                <dd>
                  <address className="font-semibold not-italic">
                    {brand.postalAddress.map((line) => (
                      <span key={line} className="block">
                        <bdi>{line}</bdi>
                      </span>
                    ))}
                  </address>
                </dd>
              </div>
            </dl>
            <p className="mt-8 flex items-center gap-2 rounded-xl bg-white/10 p-3 text-sm">
              <Clock aria-hidden="true" className="size-4 shrink-0" />
              {t('contact.info.hours')}
            </p>
          </section>

          <section
            aria-labelledby="contact-form-title"
            className="rounded-3xl border bg-card p-6 shadow-sm sm:p-8"
          >
            <h2 id="contact-form-title" className="text-2xl font-bold">
              {t('contact.form.title')}
            </h2>
            <p className="mt-1 text-muted-foreground">{t('contact.form.subtitle')}</p>
            <div className="mt-6">
              <ContactForm />
            </div>
          </section>
        </div>
      </div>
    </>
  );
}
