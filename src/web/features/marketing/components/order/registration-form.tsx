import { zodResolver } from '@hookform/resolvers/zod';
import {
  clientRegistrationBodySchema,
  type ClientRegistrationBody,
  type ClientRegistrationForm,
} from '@shared/api/client';
import { CircleCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FormField, InputField } from '@web/components/form-field';
import { MacInput } from '@web/components/ui/mac-input';
import { formErrorMap } from '@web/lib/form-errors';
import { registerDevice } from '../../api';
import { planFromQuery } from '../../lib/plan-choices';
import { useFormError } from '../../lib/use-form-error';
import { usePublicFormSubmit } from '../../lib/use-public-form-submit';
import { EmailField } from '../email-field';
import { OutcomeBanner } from '../form-banner';
import { FormSubmit } from '../form-submit';
import { PlanFieldset } from './plan-fieldset';

const EMPTY: ClientRegistrationForm = {
  name: '',
  email: '',
  phone: '',
  mac: '',
  plan: undefined as unknown as ClientRegistrationForm['plan'],
};

/** The order form: the viewer's details, the device's MAC and a plan, then POST /client-registrations. */
export function RegistrationForm() {
  const { t } = useTranslation('marketing');
  const errorText = useFormError();
  const [searchParams] = useSearchParams();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ClientRegistrationForm, unknown, ClientRegistrationBody>({
    resolver: zodResolver(clientRegistrationBodySchema, { error: formErrorMap }),
    defaultValues: {
      ...EMPTY,
      // The device page's "Buy a plan" link brings the viewer's MAC along.
      mac: (searchParams.get('mac') ?? '').slice(0, 17),
      plan: planFromQuery(searchParams.get('plan')) as ClientRegistrationForm['plan'],
    },
  });
  const { outcome, bannerRef, submit } = usePublicFormSubmit(registerDevice, () => reset(EMPTY));
  const onSubmit = handleSubmit(submit);

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-5">
      <OutcomeBanner
        ref={bannerRef}
        outcome={outcome}
        success={{ title: t('order.form.successTitle'), text: t('order.form.success') }}
        failure={(status) => ({
          title: t('order.form.errorTitle'),
          text:
            status === 404
              ? t('order.form.notFound')
              : status === 429
                ? t('order.form.tooMany')
                : t('order.form.error'),
        })}
      />
      <InputField
        id="order-name"
        label={t('order.form.name')}
        error={errorText(errors.name?.message)}
        autoComplete="name"
        {...register('name')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <EmailField
          id="order-email"
          label={t('order.form.email')}
          error={errorText(errors.email?.message)}
          registration={register('email')}
        />
        <InputField
          id="order-phone"
          label={t('order.form.phone')}
          error={errorText(errors.phone?.message)}
          type="tel"
          autoComplete="tel"
          dir="ltr"
          {...register('phone')}
        />
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
      <PlanFieldset register={register} error={errorText(errors.plan?.message)} />
      <FormSubmit
        icon={<CircleCheck aria-hidden="true" />}
        label={t('order.form.submit')}
        sendingLabel={t('order.form.sending')}
        isSubmitting={isSubmitting}
        className="w-full sm:w-auto"
      />
    </form>
  );
}
