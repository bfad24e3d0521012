import { zodResolver } from '@hookform/resolvers/zod';
import {
  ADMIN_ONLY_WEBHOOK_EVENTS,
  createWebhookBodySchema,
  type CreateWebhookBody,
  WEBHOOK_EVENTS,
  WEBHOOK_URL_MAX,
  type WebhookView,
} from '@shared/api/webhook';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog, FormDialogFooter } from '@web/components/form-dialog';
import { InputField } from '@web/components/form-field';
import { toast } from '@web/components/ui/toast';
import { translateError } from '@web/lib/api-errors';
import { formErrorMap } from '@web/lib/form-errors';
import { usePanelUser } from '@web/lib/panel-session';
import { useCreateWebhook } from './api';
import { EVENT_LABELS } from './event-labels';

const FORM_MESSAGES = ['urlRequired', 'urlInvalid', 'eventsRequired'] as const;
type FormMessage = (typeof FORM_MESSAGES)[number];
const isFormMessage = (message: string | undefined): message is FormMessage =>
  FORM_MESSAGES.includes(message as FormMessage);
type CreatedWebhook = WebhookView & { secret: string };

function CreateWebhookForm({
  onCreated,
  onCancel,
}: {
  onCreated: (e: CreatedWebhook) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('panel-network');
  const user = usePanelUser();
  const create = useCreateWebhook();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CreateWebhookBody>({
    resolver: zodResolver(createWebhookBodySchema, { error: formErrorMap }),
    defaultValues: { url: '', events: ['device.activated'] },
  });
  const errorText = (message: string | undefined): string | undefined =>
    isFormMessage(message) ? t(`webhooks.form.${message}`) : message;
  // registration.created is for admins only (the server answers 403 otherwise).
  const events = WEBHOOK_EVENTS.filter(
    (e) => user.role === 'admin' || !ADMIN_ONLY_WEBHOOK_EVENTS.includes(e),
  );

  const onSubmit = handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: onCreated,
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: t('webhooks.createFailed'),
          description: translateError(error),
        }),
    }),
  );
  const eventsError = errorText(errors.events?.message ?? errors.events?.root?.message);

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-4">
      <InputField
        id="webhook-url"
        label={t('webhooks.form.url')}
        error={errorText(errors.url?.message)}
        type="url"
        dir="ltr"
        autoComplete="off"
        maxLength={WEBHOOK_URL_MAX}
        placeholder="https://example.com/webhooks"
        {...register('url')}
      />
      <fieldset className="grid gap-2" aria-describedby={eventsError ? 'webhook-events-error' : undefined}>
        <legend className="mb-1 text-sm font-medium">{t('webhooks.form.events')}</legend>
        {events.map((event) => (
          <label key={event} className="flex cursor-pointer items-start gap-3 text-sm">
            <input
              type="checkbox"
              value={event}
              className="mt-0.5 size-4 accent-primary"
              {...register('events')}
            />
            <span className="grid">
              <span dir="ltr" className="justify-self-start font-mono text-xs">
                {event}
              </span>
              <span className="text-muted-foreground">{t(EVENT_LABELS[event])}</span>
            </span>
          </label>
        ))}
        {eventsError ? (
          <p id="webhook-events-error" className="text-sm font-medium text-destructive dark:text-red-400">
            {eventsError}
          </p>
        ) : null}
      </fieldset>
      <FormDialogFooter
        className="pt-2"
        onCancel={onCancel}
        submitLabel={t('webhooks.form.create')}
        pendingLabel={t('webhooks.form.creating')}
        pending={create.isPending}
      />
    </form>
  );
}

/** URL and events; the created endpoint (with its secret) goes to `onCreated`. */
export function CreateWebhookDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (endpoint: CreatedWebhook) => void;
}) {
  const { t } = useTranslation('panel-network');
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t('webhooks.form.title')}
      description={t('webhooks.form.description')}
    >
      {open ? <CreateWebhookForm onCreated={onCreated} onCancel={onClose} /> : null}
    </FormDialog>
  );
}
