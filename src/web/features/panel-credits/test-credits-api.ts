import type { TransactionView } from '@shared/api/credits';
import type { ResellerView } from '@shared/api/reseller';
import { screen } from '@testing-library/react';
import { isolateLtr, isolateText } from '@web/lib/bidi';
import { adminUser } from '@web/test/fixtures';
import { mockPanelApi } from '@web/test/mock-api';
import { renderApp } from '@web/test/render-app';

/** Test-only: two resellers, and the panel API and page the Credits tests start from. */
export const rita: ResellerView = {
  id: 7,
  name: 'Rita Reseller',
  email: 'rita@example.com',
  phone: '+15550001111',
  credits: 10,
  banned: false,
  status: 'Active',
  parentId: 1,
  role: 'reseller',
  created_at: '2026-01-02T10:00:00.000Z',
};
export const sam: ResellerView = {
  ...rita,
  id: 8,
  name: 'Sam Sub',
  email: 'sam@example.com',
  credits: 2,
  parentId: 7,
};

export function setUpCreditsApi(
  user = adminUser,
  resellers: ResellerView[] = [rita],
  transactions: TransactionView[] = [],
) {
  const api = mockPanelApi({ user });
  api.routes['GET /reseller'] = { body: { success: true, data: resellers } };
  api.routes['GET /transactions'] = { body: { success: true, data: transactions } };
  return api;
}

export async function openCreditsPage(path = '/dashboard/credits') {
  const view = renderApp(path);
  await screen.findByRole('heading', { name: 'Transfer Credits', level: 1 });
  await screen.findByRole('option', { name: resellerOption('Rita Reseller', 'rita@example.com') });
  return view;
}

/** A reseller's option as the select shows it: the name and e-mail are isolated for Arabic. */
export function resellerOption(name: string, email: string): string {
  return `${isolateText(name)} (${isolateLtr(email)})`;
}
