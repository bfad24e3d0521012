import { useTranslation } from 'react-i18next';
import { FormCard } from '../components/form-card';
import { OrderHelp } from '../components/order/order-help';
import { RegistrationForm } from '../components/order/registration-form';
import { PageHero } from '../components/page-hero';

export function OrderPage() {
  const { t } = useTranslation('marketing');
  return (
    <>
      <PageHero documentTitle={t('meta.order.title')} title={t('order.title')} intro={t('order.intro')} />
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-[1.6fr_1fr] lg:px-chat-clear-6xl">
        <FormCard
          titleId="order-form-title"
          title={t('order.form.title')}
          intro={
            <p className="mt-2 rounded-xl bg-primary/10 p-3 text-sm text-foreground">
              {t('order.trialNote')}
            </p>
          }
        >
          <RegistrationForm />
        </FormCard>
        <OrderHelp />
      </div>
    </>
  );
}
