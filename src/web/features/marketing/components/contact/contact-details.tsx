import { phoneLink } from '@shared/brand';
import { Clock, Mail, MapPin, Phone, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '@web/lib/brand';

const linkClass =
  'rounded font-semibold outline-none hover:underline focus-visible:ring-2 focus-visible:ring-white';

function Detail({ icon: Icon, label, children }: { icon: LucideIcon; label: string; children: ReactNode }) {
  return (
    <div className="relative ps-9">
      <dt className="text-sm text-indigo-100">
        <Icon aria-hidden="true" className="absolute start-0 top-1 size-5 text-indigo-100" />
        {label}
      </dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The brand's phone, e-mail and postal address (those configured), and the support hours. */
export function ContactDetails() {
  const { t } = useTranslation('marketing');
  const brand = useBrand();
  const tel = phoneLink(brand);
  const hasDetails = tel !== null || brand.supportEmail !== null || brand.address.length > 0;
  return (
    <section
      aria-labelledby="contact-info-title"
      className="rounded-3xl bg-gradient-to-br from-indigo-700 via-violet-700 to-fuchsia-700 p-8 text-white shadow-xl shadow-violet-900/20"
    >
      <h2 id="contact-info-title" className="text-2xl font-bold">
        {t('contact.info.title')}
      </h2>
      {hasDetails ? (
        <dl className="mt-8 grid gap-6">
          {tel ? (
            <Detail icon={Phone} label={t('contact.info.phone')}>
              <a href={tel} className={linkClass}>
                <bdi dir="ltr">{brand.phone}</bdi>
              </a>
            </Detail>
          ) : null}
          {brand.supportEmail ? (
            <Detail icon={Mail} label={t('contact.info.email')}>
              <a href={`mailto:${brand.supportEmail}`} className={linkClass}>
                {brand.supportEmail}
              </a>
            </Detail>
          ) : null}
          {brand.address.length > 0 ? (
            <Detail icon={MapPin} label={t('contact.info.address')}>
              <address className="font-semibold not-italic">
                {brand.address.map((line) => (
                  <span key={line} className="block">
                    <bdi>{line}</bdi>
                  </span>
                ))}
              </address>
            </Detail>
          ) : null}
        </dl>
      ) : (
        <p className="mt-8 text-indigo-100">{t('contact.info.formOnly')}</p>
      )}
      <p className="mt-8 flex items-center gap-2 rounded-xl bg-white/10 p-3 text-sm">
        <Clock aria-hidden="true" className="size-4 shrink-0" />
        {t('contact.info.hours')}
      </p>
    </section>
  );
}
