import { useTranslation } from 'react-i18next';
import { ContactDetails } from '../components/contact/contact-details';
import { ContactForm } from '../components/contact/contact-form';
import { SupportCards } from '../components/contact/support-cards';
import { useSupportIntro } from '../components/contact/support-intro';
import { FormCard } from '../components/form-card';
import { PageHero } from '../components/page-hero';

export function ContactPage() {
  const { t } = useTranslation('marketing');
  const intro = useSupportIntro();
  return (
    <>
      <PageHero documentTitle={t('meta.contact.title')} title={t('contact.title')} intro={intro} />
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-chat-clear-7xl">
        <SupportCards />
        <div className="mt-16 grid gap-10 lg:grid-cols-[1fr_1.6fr]">
          <ContactDetails />
          <FormCard
            titleId="contact-form-title"
            title={t('contact.form.title')}
            intro={<p className="mt-1 text-muted-foreground">{t('contact.form.subtitle')}</p>}
          >
            <ContactForm />
          </FormCard>
        </div>
      </div>
    </>
  );
}
