import { zodResolver } from '@hookform/resolvers/zod';
import type { PanelDevice } from '@shared/api/panel-device';
import { PAID_PLANS, type PaidPlan } from '@shared/plans';
import { CircleAlert } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialog, FormDialogFooter } from '@web/components/form-dialog';
import { FormField } from '@web/components/form-field';
import { Input } from '@web/components/ui/input';
import { formErrorMap } from '@web/lib/form-errors';
import { usePanelUser } from '@web/lib/panel-session';
import { ActivationCost } from './activation-cost';
import { useActivationSubmit } from './use-activation-submit';
import { DeviceKeyField } from './device-key-field';
import { PlanChoice } from './plan-choice';
import { isolateLtr } from '@web/lib/bidi';

const activationFormSchema = z.object({
  name: z.string().trim().max(100),
  phone: z.string().trim().max(30),
  plan: z.enum(PAID_PLANS),
  deviceKey: z.string().trim().max(64),
});
type ActivationForm = z.input<typeof activationFormSchema>;

function ActivationForm({ device, onDone }: { device: PanelDevice; onDone: () => void }) {
  const { t } = useTranslation('panel-devices');
  const user = usePanelUser();
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

  const activation = useActivationSubmit(device, {
    onDone,
    onKeyNeeded: () => {
      setKeyNeeded(true);
      // After the re-render that shows the field.
      setTimeout(() => setFocus('deviceKey'), 0);
    },
  });

  const onSubmit = handleSubmit((values) => {
    const { plan: chosen, name, phone, deviceKey } = values as z.output<typeof activationFormSchema>;
    activation.submit({
      user_id: user.id,
      plan: chosen,
      mac: device.id,
      name: name || null,
      phone: phone || null,
      ...(keyNeeded && deviceKey ? { cle_mac: deviceKey } : {}),
    });
  });

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
      <PlanChoice registration={register('plan')} selected={plan} />
      <ActivationCost plan={plan} user={user} />
      {activation.failure ? (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm font-medium text-destructive dark:text-red-200"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{activation.failure}</span>
        </p>
      ) : null}
      <FormDialogFooter
        onCancel={onDone}
        submitLabel={t('activate.confirm')}
        pendingLabel={t('activate.confirming')}
        pending={activation.pending}
        submitDisabled={!plan}
        spinner
      />
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
    <FormDialog
      open={open}
      onClose={() => onOpenChange(false)}
      title={t('activate.dialogTitle')}
      description={t('activate.dialogDescription', { mac: isolateLtr(device.mac) })}
      className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
    >
      <ActivationForm device={device} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}
