import { ArrowLeft, House, LifeBuoy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DocumentTitle } from '@web/components/document-title';
import { Button } from '@web/components/ui/button';

/** The catch-all page. Its text lives in 'common' so it shows without loading another namespace. */
export function NotFoundPage() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col items-center gap-6 px-4 py-20 text-center">
      <DocumentTitle page={t('notFound.title')} />
      <p className="text-7xl font-extrabold tracking-tight text-primary" aria-hidden="true">
        {t('notFound.code')}
      </p>
      <h1 className="text-3xl font-bold">{t('notFound.title')}</h1>
      <p className="text-muted-foreground">{t('notFound.description')}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button variant="outline" onClick={() => void navigate(-1)}>
          <ArrowLeft aria-hidden="true" className="rtl:rotate-180" />
          {t('notFound.goBack')}
        </Button>
        <Button asChild>
          <Link to="/">
            <House aria-hidden="true" />
            {t('notFound.home')}
          </Link>
        </Button>
        <Button asChild variant="secondary">
          <Link to="/contact">
            <LifeBuoy aria-hidden="true" />
            {t('notFound.contact')}
          </Link>
        </Button>
      </div>
    </div>
  );
}
