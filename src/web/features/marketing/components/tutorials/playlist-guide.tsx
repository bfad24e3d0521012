import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useReloadDocumentFor } from '@web/lib/document-navigation';
import { ctaButton } from '../cta-button';

/** How to add a playlist on the device page, with a link there (/tutorials#add-playlist). */
export function PlaylistGuide() {
  const { t } = useTranslation('marketing-docs');
  const reloadDocumentFor = useReloadDocumentFor();
  const steps = Object.values(t('tutorials.playlist.steps', { returnObjects: true }));
  return (
    <section
      id="add-playlist"
      aria-labelledby="playlist-title"
      className="mt-12 scroll-mt-24 rounded-3xl bg-gradient-to-br from-indigo-700 via-violet-700 to-fuchsia-700 p-6 text-white shadow-xl shadow-violet-900/20 sm:p-10"
    >
      <h2 id="playlist-title" className="text-2xl font-bold">
        {t('tutorials.playlist.title')}
      </h2>
      <p className="mt-2 text-indigo-50">{t('tutorials.playlist.intro')}</p>
      <ol className="mt-6 grid gap-3 md:grid-cols-2">
        {steps.map((step, index) => (
          <li key={step} className="flex gap-3 rounded-xl bg-white/10 p-4">
            <span
              aria-hidden="true"
              className="grid size-7 shrink-0 place-items-center rounded-full bg-white text-sm font-bold text-violet-800"
            >
              {index + 1}
            </span>
            <span className="leading-relaxed">{step}</span>
          </li>
        ))}
      </ol>
      <Link
        to="/account/view"
        reloadDocument={reloadDocumentFor('/account/view')}
        className={`${ctaButton({ tone: 'light', size: 'lg' })} mt-8`}
      >
        {t('tutorials.playlist.link')}
        <ArrowRight aria-hidden="true" className="rtl:-scale-x-100" />
      </Link>
    </section>
  );
}
