import { zodResolver } from '@hookform/resolvers/zod';
import {
  contactBodySchema,
  type ContactBody,
  type ContactForm as ContactFormValues,
} from '@shared/api/contact';
import { Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField, InputField } from '@web/components/form-field';
import { Textarea } from '@web/components/ui/textarea';
import { formErrorMap } from '@web/lib/form-errors';
import { sendContactMessage } from '../../api';
import { useFormError } from '../../lib/use-form-error';
import { usePublicFormSubmit } from '../../lib/use-public-form-submit';
import { EmailField } from '../email-field';
import { OutcomeBanner } from '../form-banner';
import { FormSubmit } from '../form-submit';

/** Name, e-mail, subject and message, checked with the server's own schema, then POST /contact. */
export function ContactForm() {
  const { t } = useTranslation('marketing');
  const errorText = useFormError();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactFormValues, unknown, ContactBody>({
    resolver: zodResolver(contactBodySchema, { error: formErrorMap }),
    defaultValues: { name: '', email: '', subject: '', message: '' },
  });
  const { outcome, bannerRef, submit } = usePublicFormSubmit(sendContactMessage, () => reset());
  const onSubmit = handleSubmit(submit);

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-5">
      <OutcomeBanner
        ref={bannerRef}
        outcome={outcome}
        success={{ text: t('contact.form.success') }}
        failure={() => ({ text: t('contact.form.failure') })}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField
          id="contact-name"
          label={t('contact.form.name')}
          error={errorText(errors.name?.message)}
          autoComplete="name"
          {...register('name')}
        />
        <EmailField
          id="contact-email"
          label={t('contact.form.email')}
          error={errorText(errors.email?.message)}
          registration={register('email')}
        />
      </div>
      <InputField
        id="contact-subject"
        label={t('contact.form.subject')}
        error={errorText(errors.subject?.message)}
        {...register('subject')}
      />
      <FormField
        id="contact-message"
        label={t('contact.form.message')}
        error={errorText(errors.message?.message)}
      >
        {(field) => <Textarea {...field} rows={5} {...register('message')} />}
      </FormField>
      <FormSubmit
        icon={<Send aria-hidden="true" className="rtl:-scale-x-100" />}
        label={t('contact.form.submit')}
        sendingLabel={t('contact.form.sending')}
        isSubmitting={isSubmitting}
      />
    </form>
  );
}
