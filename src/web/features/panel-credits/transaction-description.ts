import type { PanelUser } from '@shared/api/auth';
import type { TransactionView } from '@shared/api/credits';
import { isolateLtr } from '@web/lib/bidi';

type Direction = 'in' | 'out' | 'none';

/** How a ledger row reads from the viewer's side, and whether it adds to or takes from a balance. */
export function describeTransaction(
  row: TransactionView,
  viewer: PanelUser,
): { key: DescriptionKey; direction: Direction; values: DescriptionValues } {
  const sender = row.sender?.name ?? '';
  const receiver = row.receiver?.name ?? '';
  const mine = row.sender?.id === viewer.id;
  const toMe = row.receiver?.id === viewer.id;
  switch (row.type) {
    case 'add':
      return toMe
        ? { key: 'receivedFrom', direction: 'in', values: { name: sender } }
        : { key: 'addedTo', direction: 'in', values: { name: receiver } };
    case 'remove':
      return toMe
        ? { key: 'removedBy', direction: 'out', values: { name: sender } }
        : { key: 'removedFrom', direction: 'out', values: { name: receiver } };
    case 'transfer':
      if (mine) return { key: 'sentTo', direction: 'out', values: { name: receiver } };
      if (toMe) return { key: 'receivedFrom', direction: 'in', values: { name: sender } };
      return { key: 'transferBetween', direction: 'none', values: { from: sender, to: receiver } };
    case 'activation':
      // Admins activate without spending anything: no balance of theirs goes down.
      return mine
        ? {
            key: 'activated',
            direction: viewer.role === 'admin' ? 'none' : 'out',
            values: { mac: isolateLtr(row.device_mac ?? '') },
          }
        : {
            key: 'activatedBy',
            direction: 'none',
            values: { name: sender, mac: isolateLtr(row.device_mac ?? '') },
          };
  }
}

// A type alias, not an interface: i18next's options need an index signature.
type DescriptionValues = { name?: string; from?: string; to?: string; mac?: string };

type DescriptionKey =
  | 'receivedFrom'
  | 'addedTo'
  | 'removedBy'
  | 'removedFrom'
  | 'sentTo'
  | 'transferBetween'
  | 'activated'
  | 'activatedBy';
