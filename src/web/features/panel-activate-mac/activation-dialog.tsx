import { zodResolver } from '@hookform/resolvers/zod';
import type { PanelDevice } from '@shared/api/panel-device';
import { PAID_PLANS, PLAN_CREDIT_COST, type PaidPlan } from '@shared/plans';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormField } from '@web/components/form-field';
import { deviceLookupQueryKey } from '@web/components/panel-device/use-mac-search';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toast';
import { isApiRequestError } from '@web/lib/api-client';
import { errorCodeOf, translateError } from '@web/lib/api-errors';
import { formErrorMap } from '@web/lib/form-errors';
import { deviceListsQueryKey } from '@web/lib/panel-devices-api';
import { updateSessionCredits, usePanelUser } from '@web/lib/panel-session';
import { cn } from '@web/lib/utils';
import { activateDevice } from './api';
import { DeviceKeyField } from './device-key-field';

const activationFormSchema = z.object({
  name: z.string().trim().max(100),
  phone: z.string().trim().max(30),
  plan: z.enum(PAID_PLANS),
  deviceKey: z.string().trim().max(64),
});
type ActivationForm = z.input<typeof activationFormSchema>;

/** docs/product.md: a refusal (4xx) is 'Activation Failed' with the reason; anything else is 'Error'. */
function isRefusal(error: unknown): boolean {
  return isApiRequestError(error) && error.status >= 400 && error.status < 500;
}

function ActivationForm({ device, onDone }: { device: PanelDevice; onDone: () => void }) {
  const { t } = useTranslation('panel-devices');
  const user = usePanelUser();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  // A viewer's device needs its key (their consent); Check MAC says so, and so does a refusal.
  const [keyNeeded, setKeyNeeded] = useState(device.device_key_required === true);
  const {
    register,
    handleSubmit,
    control,
    setFocus,
    formState: { errors },
  } = useForm<ActivationForm>({
    resolver: zodResolver(activationFormSchema, { error: formErrorMap }),
    defaultValues: { name: device.name ?? '', phone: device.phone ?? '', plan: undefined, deviceKey: '' },
  });
  const plan = useWatch({ control, name: 'plan' }) as PaidPlan | undefined;

  const mutation = useMutation({
    mutationFn: (values: z.output<typeof activationFormSchema>) =>
      activateDevice({
        user_id: user.id,
        plan: values.plan,
        mac: device.id,
        name: values.name || null,
        phone: values.phone || null,
        ...(keyNeeded && values.deviceKey ? { cle_mac: values.deviceKey } : {}),
      }),
    onSuccess: (answer) => {
      if (answer.updated_credits !== null) updateSessionCredits(queryClient, answer.updated_credits);
      toast({ variant: 'success', title: t('activate.success') });
      onDone();
      // The search is repeated, and lists and counts that show this device are refreshed.
      void queryClient.invalidateQueries({ queryKey: deviceLookupQueryKey(device.mac) });
      void queryClient.invalidateQueries({ queryKey: deviceListsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['panel', 'dashboard'] });
    },
    onError: (error) => {
      const title = isRefusal(error) ? t('activate.failedTitle') : t('activate.errorTitle');
      const description = isApiRequestError(error) ? translateError(error) : t('activate.errorFallback');
      setFailure(description);
      toast({ variant: 'destructive', title, description });
      if (errorCodeOf(error) === 'device_key_required' || errorCodeOf(error) === 'device_key_incorrect') {
        setKeyNeeded(true);
        // After the re-render that shows the field.
        setTimeout(() => setFocus('deviceKey'), 0);
      }
    },
  });

  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    mutation.mutate(values as z.output<typeof activationFormSchema>);
  });
  const pending = mutation.isPending;
  const isAdmin = user.role === 'admin';

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="activation-name" label={t('activate.clientName')} error={errors.name?.message}>
          {(field) => <Input {...field} autoComplete="off" {...register('name')} />}
        </FormField>
        <FormField id="activation-phone" label={t('activate.phone')} error={errors.phone?.message}>
          {(field) => <Input {...field} type="tel" autoComplete="off" dir="ltr" {...register('phone')} />}
        </FormField>
      </div>

      {keyNeeded ? (
        <DeviceKeyField registration={register('deviceKey')} error={errors.deviceKey?.message} />
      ) : null}

      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-medium">{t('activate.plan')}</legend>
        {PAID_PLANS.map((code) => {
          const cost = PLAN_CREDIT_COST[code];
          return (
            <label
              key={code}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-lg border p-4 transition-colors hover:bg-accent/60 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                plan === code && 'border-primary bg-primary/5 hover:bg-primary/10',
              )}
            >
              <input
                type="radio"
                value={code}
                className="size-4 shrink-0 accent-[var(--color-primary)]"
                {...register('plan')}
              />
              <span className="grid flex-1 gap-0.5">
                <span className="font-semibold">{t(`activate.plans.${code}`)}</span>
                <span className="text-sm text-muted-foreground">
                  {t(`activate.plans.${code}Description`)}
                </span>
              </span>
              <span className="shrink-0 rounded-full bg-primary/10 px-2.5 py-1 text-xs font-semibold text-primary">
                {t('credits', { count: cost })}
              </span>
            </label>
          );
        })}
      </fieldset>

      <dl className="grid gap-2 rounded-lg bg-muted p-4 text-sm">
        <div className="flex items-center justify-between gap-4">
          <dt className="text-muted-foreground">{t('activate.cost')}</dt>
          <dd className="font-semibold" aria-live="polite">
            {plan ? t('credits', { count: PLAN_CREDIT_COST[plan] }) : t('activate.choosePlan')}
          </dd>
        </div>
        <div className="flex items-center justify-between gap-4">
          <dt className="text-muted-foreground">{t('activate.balance')}</dt>
          <dd className="font-semibold">
            {isAdmin ? t('activate.unlimited') : t('credits', { count: user.credits })}
          </dd>
        </div>
      </dl>

      {failure ? (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm font-medium text-destructive dark:text-red-200"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{failure}</span>
        </p>
      ) : null}

      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={pending}>
          {t('activate.cancel')}
        </Button>
        <Button type="submit" disabled={!plan || pending}>
          {pending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
          {pending ? t('activate.confirming') : t('activate.confirm')}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** 'Select Activation Plan': name and phone prefilled from the device, a plan, Confirm Activation. */
export function ActivationDialog({
  device,
  open,
  onOpenChange,
}: {
  device: PanelDevice;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('panel-devices');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{t('activate.dialogTitle')}</DialogTitle>
          <DialogDescription>{t('activate.dialogDescription', { mac: device.mac })}</DialogDescription>
        </DialogHeader>
        <ActivationForm device={device} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
