import { zodResolver } from '@hookform/resolvers/zod';
import {
  clientRegistrationBodySchema,
  type ClientRegistrationBody,
  type ClientRegistrationForm,
} from '@shared/api/client';
import { clsx } from 'clsx';
import { CircleCheck, Info, RotateCcw, ShieldCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FormField } from '@web/components/form-field';
import { Input } from '@web/components/ui/input';
import { MacInput } from '@web/components/ui/mac-input';
import { isApiRequestError } from '@web/lib/api-client';
import { formErrorMap } from '@web/lib/form-errors';
import { registerDevice } from '../api';
import { ctaButton } from '../components/cta-button';
import { FormBanner } from '../components/form-banner';
import { PageHero } from '../components/page-hero';
import { formatAmount } from '../lib/format';
import { useFormError } from '../lib/use-form-error';

/** The two plans the form offers, with the form's own values (docs/product.md: '1year' for one year). */
const PLAN_CHOICES = [
  { value: '1year', price: 5 },
  { value: 'lifetime', price: 10 },
] as const;
type PlanValue = (typeof PLAN_CHOICES)[number]['value'];

type Outcome = { tone: 'success' } | { tone: 'error'; reason: 'notFound' | 'tooMany' | 'other' } | null;

function planFromQuery(value: string | null): PlanValue | undefined {
  return PLAN_CHOICES.find((choice) => choice.value === value)?.value;
}

function RegistrationForm() {
  const { t, i18n } = useTranslation('marketing');
  const errorText = useFormError();
  const [searchParams] = useSearchParams();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ClientRegistrationForm, unknown, ClientRegistrationBody>({
    resolver: zodResolver(clientRegistrationBodySchema, { error: formErrorMap }),
    defaultValues: {
      name: '',
      email: '',
      phone: '',
      // The device page's "Buy a plan" link brings the viewer's MAC along.
      mac: (searchParams.get('mac') ?? '').slice(0, 17),
      plan: planFromQuery(searchParams.get('plan')) as ClientRegistrationForm['plan'],
    },
  });

  useEffect(() => {
    if (outcome) bannerRef.current?.focus();
  }, [outcome]);

  const onSubmit = handleSubmit(async (values) => {
    setOutcome(null);
    try {
      await registerDevice(values);
      reset({
        name: '',
        email: '',
        phone: '',
        mac: '',
        plan: undefined as unknown as ClientRegistrationForm['plan'],
      });
      setOutcome({ tone: 'success' });
    } catch (error) {
      const status = isApiRequestError(error) ? error.status : 0;
      setOutcome({
        tone: 'error',
        reason: status === 404 ? 'notFound' : status === 429 ? 'tooMany' : 'other',
      });
    }
  });

  const planError = errorText(errors.plan?.message);

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-5">
      {outcome?.tone === 'success' ? (
        <FormBanner ref={bannerRef} tone="success" title={t('order.form.successTitle')}>
          {t('order.form.success')}
        </FormBanner>
      ) : null}
      {outcome?.tone === 'error' ? (
        <FormBanner ref={bannerRef} tone="error" title={t('order.form.errorTitle')}>
          {outcome.reason === 'notFound'
            ? t('order.form.notFound')
            : outcome.reason === 'tooMany'
              ? t('order.form.tooMany')
              : t('order.form.error')}
        </FormBanner>
      ) : null}

      <FormField id="order-name" label={t('order.form.name')} error={errorText(errors.name?.message)}>
        {(field) => <Input {...field} autoComplete="name" {...register('name')} />}
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="order-email" label={t('order.form.email')} error={errorText(errors.email?.message)}>
          {(field) => (
            <Input
              {...field}
              type="email"
              autoComplete="email"
              inputMode="email"
              dir="ltr"
              {...register('email')}
            />
          )}
        </FormField>
        <FormField id="order-phone" label={t('order.form.phone')} error={errorText(errors.phone?.message)}>
          {(field) => <Input {...field} type="tel" autoComplete="tel" dir="ltr" {...register('phone')} />}
        </FormField>
      </div>
      <FormField id="order-mac" label={t('order.form.mac')} error={errorText(errors.mac?.message)}>
        {(field) => (
          <>
            <MacInput
              {...field}
              aria-describedby={[field['aria-describedby'], 'order-mac-hint'].filter(Boolean).join(' ')}
              {...register('mac')}
            />
            <p id="order-mac-hint" className="text-sm text-muted-foreground">
              {t('order.form.macHint')}
            </p>
          </>
        )}
      </FormField>

      <fieldset aria-describedby={planError ? 'order-plan-error' : undefined} className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">{t('order.form.plan')}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {PLAN_CHOICES.map((choice) => (
            <label
              key={choice.value}
              className={clsx(
                'relative flex cursor-pointer items-start gap-3 rounded-2xl border bg-background p-4 transition-colors hover:border-primary/60 has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                planError && 'border-destructive',
              )}
            >
              <input
                type="radio"
                value={choice.value}
                className="mt-1 size-4 accent-[var(--primary)]"
                {...register('plan')}
              />
              <span className="flex-1">
                <span className="block font-semibold">{t(`order.form.plans.${choice.value}.name`)}</span>
                <span className="block text-sm text-muted-foreground">
                  {t(`order.form.plans.${choice.value}.detail`)}
                </span>
              </span>
              <span className="text-lg font-bold">
                {t('price', { amount: formatAmount(i18n.language, choice.price) })}
              </span>
            </label>
          ))}
        </div>
        {planError ? (
          <p id="order-plan-error" className="text-sm font-medium text-destructive">
            {planError}
          </p>
        ) : null}
      </fieldset>

      <div>
        <button
          type="submit"
          disabled={isSubmitting}
          className={clsx(ctaButton({ size: 'lg' }), 'w-full sm:w-auto')}
        >
          <CircleCheck aria-hidden="true" />
          {isSubmitting ? t('order.form.sending') : t('order.form.submit')}
        </button>
      </div>
    </form>
  );
}

export function OrderPage() {
  const { t } = useTranslation('marketing');
  const help = [
    { key: 'mac', icon: Info },
    { key: 'secure', icon: ShieldCheck },
    { key: 'guarantee', icon: RotateCcw },
  ] as const;
  return (
    <>
      <PageHero documentTitle={t('meta.order.title')} title={t('order.title')} intro={t('order.intro')} />
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-[1.6fr_1fr] lg:px-8">
        <section
          aria-labelledby="order-form-title"
          className="rounded-3xl border bg-card p-6 shadow-sm sm:p-8"
        >
          <h2 id="order-form-title" className="text-2xl font-bold">
            {t('order.form.title')}
          </h2>
          <p className="mt-2 rounded-xl bg-primary/10 p-3 text-sm text-foreground">{t('order.trialNote')}</p>
          <div className="mt-6">
            <RegistrationForm />
          </div>
        </section>
        <section
          aria-labelledby="order-help-title"
          className="h-fit rounded-3xl border bg-muted/50 p-6 sm:p-8"
        >
          <h2 id="order-help-title" className="text-lg font-semibold">
            {t('order.help.title')}
          </h2>
          <ul className="mt-5 grid gap-5">
            {help.map(({ key, icon: Icon }) => (
              <li key={key} className="flex gap-3">
                <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
                <span className="text-muted-foreground">{t(`order.help.${key}`)}</span>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
