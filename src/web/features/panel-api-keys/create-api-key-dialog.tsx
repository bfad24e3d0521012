import { zodResolver } from '@hookform/resolvers/zod';
import { API_KEY_NAME_MAX, API_KEY_SCOPES, type ApiKeyScope, type ApiKeyView } from '@shared/api/api-key';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormDialog, FormDialogFooter } from '@web/components/form-dialog';
import { InputField } from '@web/components/form-field';
import { toast } from '@web/components/ui/toast';
import { translateError } from '@web/lib/api-errors';
import { formErrorMap } from '@web/lib/form-errors';
import { apiKeyFormSchema, toCreateBody, type ApiKeyFormValues } from './api-key-form';
import { useCreateApiKey } from './api';

const FORM_MESSAGES = ['nameRequired', 'scopesRequired', 'expiryInPast'] as const;
type FormMessage = (typeof FORM_MESSAGES)[number];
const isFormMessage = (message: string | undefined): message is FormMessage =>
  FORM_MESSAGES.includes(message as FormMessage);
type CreatedKey = ApiKeyView & { secret: string };

/** What each permission lets a script do, in the reseller's words. */
const SCOPE_LABELS = {
  'devices:read': 'apiKeys.scopes.devices_read',
  'devices:activate': 'apiKeys.scopes.devices_activate',
  'playlists:write': 'apiKeys.scopes.playlists_write',
  'resellers:read': 'apiKeys.scopes.resellers_read',
  'credits:read': 'apiKeys.scopes.credits_read',
  'credits:transfer': 'apiKeys.scopes.credits_transfer',
} as const satisfies Record<ApiKeyScope, string>;

function CreateApiKeyForm({
  onCreated,
  onCancel,
}: {
  onCreated: (key: CreatedKey) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('panel-network');
  const create = useCreateApiKey();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ApiKeyFormValues>({
    resolver: zodResolver(apiKeyFormSchema, { error: formErrorMap }),
    defaultValues: { name: '', scopes: ['devices:read'], expiresOn: '' },
  });
  const errorText = (message: string | undefined): string | undefined =>
    isFormMessage(message) ? t(`apiKeys.form.${message}`) : message;

  const onSubmit = handleSubmit((values) =>
    create.mutate(toCreateBody(values as z.output<typeof apiKeyFormSchema>), {
      onSuccess: onCreated,
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: t('apiKeys.createFailed'),
          description: translateError(error),
        }),
    }),
  );
  const scopesError = errorText(errors.scopes?.message);

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-4">
      <InputField
        id="api-key-name"
        label={t('apiKeys.form.name')}
        error={errorText(errors.name?.message)}
        autoComplete="off"
        maxLength={API_KEY_NAME_MAX}
        placeholder={t('apiKeys.form.namePlaceholder')}
        {...register('name')}
      />
      <fieldset className="grid gap-2" aria-describedby={scopesError ? 'api-key-scopes-error' : undefined}>
        <legend className="mb-1 text-sm font-medium">{t('apiKeys.form.scopes')}</legend>
        {API_KEY_SCOPES.map((scope) => (
          <label key={scope} className="flex cursor-pointer items-start gap-3 text-sm">
            <input
              type="checkbox"
              value={scope}
              className="mt-0.5 size-4 accent-primary"
              {...register('scopes')}
            />
            <span className="grid">
              <span dir="ltr" className="justify-self-start font-mono text-xs">
                {scope}
              </span>
              <span className="text-muted-foreground">{t(SCOPE_LABELS[scope])}</span>
            </span>
          </label>
        ))}
        {scopesError ? (
          <p id="api-key-scopes-error" className="text-sm font-medium text-destructive dark:text-red-400">
            {scopesError}
          </p>
        ) : null}
      </fieldset>
      <InputField
        id="api-key-expiry"
        label={t('apiKeys.form.expiresOn')}
        error={errorText(errors.expiresOn?.message)}
        type="date"
        {...register('expiresOn')}
      />
      <p className="-mt-2 text-xs text-muted-foreground">{t('apiKeys.form.expiresHint')}</p>
      <FormDialogFooter
        className="pt-2"
        onCancel={onCancel}
        submitLabel={t('apiKeys.form.create')}
        pendingLabel={t('apiKeys.form.creating')}
        pending={create.isPending}
      />
    </form>
  );
}

/** Name, scopes and an optional expiry; the created key (with its secret) goes to `onCreated`. */
export function CreateApiKeyDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (key: CreatedKey) => void;
}) {
  const { t } = useTranslation('panel-network');
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t('apiKeys.form.title')}
      description={t('apiKeys.form.description')}
    >
      {open ? <CreateApiKeyForm onCreated={onCreated} onCancel={onClose} /> : null}
    </FormDialog>
  );
}
