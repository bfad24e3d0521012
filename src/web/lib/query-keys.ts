import type { QueryClient } from '@tanstack/react-query';

/**
 * Every cache key of the panel, in one place. Each starts with 'panel' so signing out can drop them
 * all, and each list's key is the prefix of its pages' keys, so invalidating the prefix refreshes
 * every page, filter and count of that list at once.
 */
export const queryKeys = {
  session: ['panel', 'session'] as const,
  dashboard: ['panel', 'dashboard'] as const,
  dashboardOf: (userId: number) => ['panel', 'dashboard', userId] as const,
  devices: ['panel', 'devices'] as const,
  deviceList: (userId: number, params: object) => ['panel', 'devices', userId, params] as const,
  deviceLookup: (mac: string) => ['panel', 'device-lookup', mac] as const,
  playlists: (userId: number) => ['panel', 'playlists', userId] as const,
  resellers: ['panel', 'resellers'] as const,
  transactions: ['panel', 'transactions'] as const,
  transactionsUpTo: (limit: number) => ['panel', 'transactions', limit] as const,
  clients: ['panel', 'clients'] as const,
  clientList: (filters: object) => ['panel', 'clients', 'list', filters] as const,
  clientCount: (status: string) => ['panel', 'clients', 'count', status] as const,
  links: ['panel', 'links'] as const,
  apiKeys: ['panel', 'api-keys'] as const,
  webhooks: ['panel', 'webhooks'] as const,
  webhookDeliveries: (endpointId: number) => ['panel', 'webhooks', endpointId, 'deliveries'] as const,
  contactMessages: ['panel', 'contact-messages'] as const,
  deviceMessages: ['panel', 'device-messages'] as const,
  auditLog: (filters: object) => ['panel', 'audit', filters] as const,
  contactMessagePage: (page: number, limit: number) => ['panel', 'contact-messages', page, limit] as const,
};

/** The viewer's device page (/account/*): its keys start with 'device', not 'panel'. */
export const deviceKeys = {
  /** The signed-in device (null: signed out), shared by /account/view and /account/playlists. */
  session: ['device', 'session'] as const,
  /** What a pairing code opens (/pair), read before the code is claimed. */
  pairing: (code: string) => ['device', 'pairing', code] as const,
  /** Every save, delete, sign-in and sign-out on the device page: the page shows it is busy meanwhile. */
  mutations: ['device'] as const,
};

/** A device was activated, banned or deleted: its lists and the dashboard's counts are stale. */
export function invalidateDevices(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.devices }),
    queryClient.invalidateQueries({ queryKey: queryKeys.dashboard }),
  ]);
}
