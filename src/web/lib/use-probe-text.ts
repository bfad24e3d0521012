import type { ProbeResult } from '@shared/api/playlist-probe';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@web/lib/format';

/**
 * A probe's result in one line, the same in the device page's form, under a saved playlist and in the
 * panel's playlist list: channels, groups and EPG for an M3U file; status, expiry and connections for
 * an account; else what went wrong. The texts live in the device namespace.
 */
export function useProbeText(): (result: ProbeResult) => string {
  const { t, i18n } = useTranslation('device');
  return (result) => {
    if (result.error && !result.account) return t(`probe.errors.${result.error}`);
    if (result.account) {
      const { status, expires_at: expiresAt, max_connections: connections } = result.account;
      const parts = [t('probe.accountStatus', { status })];
      parts.push(
        expiresAt
          ? t('probe.expires', { date: formatDate(expiresAt, i18n.language) })
          : t('probe.neverExpires'),
      );
      if (connections !== null) parts.push(t('probe.connections', { count: connections }));
      if (result.error) parts.unshift(t(`probe.errors.${result.error}`));
      return parts.join(' · ');
    }
    const parts = [
      t('probe.channels', { count: result.channels ?? 0 }),
      t('probe.groups', { count: result.groups ?? 0 }),
      result.epg_url ? t('probe.epgFound') : t('probe.noEpg'),
    ];
    return parts.join(' · ');
  };
}
