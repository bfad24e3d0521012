import { CircleCheck, Clock, SearchX, ShieldBan, TriangleAlert, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf, translateError } from '@web/lib/api-errors';

/** Why a code opens nothing, in the words a viewer needs: which code problem, and what to do. */
function describe(error: unknown): {
  icon: LucideIcon;
  kind: 'not_found' | 'expired' | 'used' | 'banned' | 'other';
} {
  switch (errorCodeOf(error)) {
    case 'not_found':
    case 'invalid_input':
      return { icon: SearchX, kind: 'not_found' };
    case 'pairing_code_expired':
      return { icon: Clock, kind: 'expired' };
    case 'pairing_code_used':
      return { icon: CircleCheck, kind: 'used' };
    case 'device_banned':
      return { icon: ShieldBan, kind: 'banned' };
    default:
      return { icon: TriangleAlert, kind: 'other' };
  }
}

/** An unknown, expired or used code (or a lock): said plainly, above the form to type another. */
export function PairingProblem({ error }: { error: unknown }) {
  const { t } = useTranslation('device');
  const { icon: Icon, kind } = describe(error);
  const title = kind === 'banned' ? t('banned.title') : t(`pair.problem.${kind}.title`);
  // A lock or an outage: the common error text says what happened and when to try again.
  const text =
    kind === 'banned'
      ? t('banned.text')
      : kind === 'other'
        ? translateError(error)
        : t(`pair.problem.${kind}.text`);
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-xl border border-amber-600/40 bg-amber-50 p-4 dark:bg-amber-950/40"
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700 dark:text-amber-300" />
      <div className="grid gap-1">
        <h2 className="font-semibold">{title}</h2>
        <p className="text-sm text-muted-foreground">{text}</p>
      </div>
    </div>
  );
}
