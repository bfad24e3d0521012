import { zodResolver } from '@hookform/resolvers/zod';
import {
  contactBodySchema,
  type ContactBody,
  type ContactForm as ContactFormValues,
} from '@shared/api/contact';
import { Send } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@web/components/form-field';
import { Input } from '@web/components/ui/input';
import { formErrorMap } from '@web/lib/form-errors';
import { sendContactMessage } from '../api';
import { useFormError } from '../lib/use-form-error';
import { ctaButton } from './cta-button';
import { FormBanner } from './form-banner';

type Outcome = 'success' | 'error' | null;

/** Name, e-mail, subject and message, checked with the server's own schema, then POST /contact. */
export function ContactForm() {
  const { t } = useTranslation('marketing');
  const errorText = useFormError();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactFormValues, unknown, ContactBody>({
    resolver: zodResolver(contactBodySchema, { error: formErrorMap }),
    defaultValues: { name: '', email: '', subject: '', message: '' },
  });

  useEffect(() => {
    if (outcome) bannerRef.current?.focus();
  }, [outcome]);

  const onSubmit = handleSubmit(async (values) => {
    setOutcome(null);
    try {
      await sendContactMessage(values);
      reset();
      setOutcome('success');
    } catch {
      setOutcome('error');
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-5">
      {outcome === 'success' ? (
        <FormBanner ref={bannerRef} tone="success">
          {t('contact.form.success')}
        </FormBanner>
      ) : null}
      {outcome === 'error' ? (
        <FormBanner ref={bannerRef} tone="error">
          {t('contact.form.failure')}
        </FormBanner>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="contact-name" label={t('contact.form.name')} error={errorText(errors.name?.message)}>
          {(field) => <Input {...field} autoComplete="name" {...register('name')} />}
        </FormField>
        <FormField
          id="contact-email"
          label={t('contact.form.email')}
          error={errorText(errors.email?.message)}
        >
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
      </div>
      <FormField
        id="contact-subject"
        label={t('contact.form.subject')}
        error={errorText(errors.subject?.message)}
      >
        {(field) => <Input {...field} {...register('subject')} />}
      </FormField>
      <FormField
        id="contact-message"
        label={t('contact.form.message')}
        error={errorText(errors.message?.message)}
      >
        {(field) => (
          <textarea
            {...field}
            rows={5}
            className="w-full rounded-md border border-input bg-background px-3 py-2 text-sm text-foreground outline-none placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background aria-invalid:border-destructive"
            {...register('message')}
          />
        )}
      </FormField>
      <div>
        <button type="submit" disabled={isSubmitting} className={ctaButton({ size: 'lg' })}>
          <Send aria-hidden="true" className="rtl:-scale-x-100" />
          {isSubmitting ? t('contact.form.sending') : t('contact.form.submit')}
        </button>
      </div>
    </form>
  );
}
