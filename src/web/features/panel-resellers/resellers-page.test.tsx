import type { ResellerView } from '@shared/api/reseller';
import { screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { alignWithSurroundingText } from '@web/lib/bidi';
import { adminUser, resellerUser } from '@web/test/fixtures';
import { mockPanelApi } from '@web/test/mock-api';
import { renderApp } from '@web/test/render-app';
import { floorCredits } from './reseller-form';

const rita: ResellerView = {
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
const sam: ResellerView = {
  ...rita,
  id: 8,
  name: 'Sam Sub',
  email: 'sam@example.com',
  phone: '+15550002222',
  credits: 5,
  banned: true,
  status: 'Banned',
  parentId: 7,
  role: 'sub_reseller',
};

function setUp(user = adminUser, resellers: ResellerView[] = [rita, sam]) {
  const api = mockPanelApi({ user });
  api.routes['GET /reseller'] = { body: { success: true, data: resellers } };
  return api;
}

async function openAddDialog(user: ReturnType<typeof renderApp>['user'], name = 'Add Reseller') {
  await user.click(await screen.findByRole('button', { name }));
  return screen.findByRole('dialog');
}

describe('floorCredits', () => {
  it('floors credits at 0 and drops fractions', () => {
    expect(floorCredits('-5')).toBe(0);
    expect(floorCredits('')).toBe(0);
    expect(floorCredits('abc')).toBe(0);
    expect(floorCredits('2.7')).toBe(2);
    expect(floorCredits('12')).toBe(12);
  });
});

describe('reseller management', () => {
  it('shows the stat cards and the table, and filters by search', async () => {
    setUp();
    const { user } = renderApp('/dashboard/resellers');

    expect(await screen.findByRole('heading', { name: 'Reseller Management', level: 1 })).toBeInTheDocument();
    const stats = screen.getByRole('region', { name: 'Summary' });
    await waitFor(() =>
      expect(within(stats).getByText('Total Resellers').nextSibling).toHaveTextContent('2'),
    );
    expect(within(stats).getByText('Total Credits').nextSibling).toHaveTextContent('15');
    expect(within(stats).getByText('Average Credits').nextSibling).toHaveTextContent('7.5');

    const table = screen.getByRole('table', { name: 'Reseller Management' });
    expect(within(table).getByText('Rita Reseller')).toBeInTheDocument();
    expect(within(table).getByText('Banned')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Search'), 'sam@');
    expect(within(table).queryByText('Rita Reseller')).not.toBeInTheDocument();
    expect(within(table).getByText('Sam Sub')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Search'));
    await user.type(screen.getByLabelText('Search'), 'nobody');
    expect(within(table).getByText('No resellers found')).toBeInTheDocument();
  });

  it('requires full name, e-mail, password and phone on create', async () => {
    const api = setUp();
    const { user } = renderApp('/dashboard/resellers');
    const dialog = await openAddDialog(user);

    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await within(dialog).findByText('Full name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('E-mail is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Password is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Phone is required')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('E-mail'), 'not-an-email');
    await user.type(within(dialog).getByLabelText('Password'), 'short');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(within(dialog).getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(api.callsTo('POST', '/auth/sign_up_reseller')).toHaveLength(0);
  });

  it('floors the starting credits at 0 and creates the reseller', async () => {
    const api = setUp();
    api.routes['POST /auth/sign_up_reseller'] = { status: 201, body: { success: true, data: rita } };
    const { user } = renderApp('/dashboard/resellers');
    const dialog = await openAddDialog(user);

    await user.type(within(dialog).getByLabelText('Full name'), 'Nina New');
    await user.type(within(dialog).getByLabelText('E-mail'), 'nina@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'long-enough-1');
    await user.type(within(dialog).getByLabelText('Phone'), '+33 6 12 34 56 78');
    const credits = within(dialog).getByLabelText('Starting credits');
    await user.clear(credits);
    await user.type(credits, '-5');
    await user.tab();
    expect(credits).toHaveValue(0);

    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(api.callsTo('POST', '/auth/sign_up_reseller')).toHaveLength(1));
    expect(api.callsTo('POST', '/auth/sign_up_reseller')[0]?.body).toEqual({
      name: 'Nina New',
      email: 'nina@example.com',
      password: 'long-enough-1',
      phone: '+33 6 12 34 56 78',
      credits: 0,
    });
    expect(await screen.findByText('Reseller created')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says when the e-mail is taken', async () => {
    const api = setUp();
    api.routes['POST /auth/sign_up_reseller'] = {
      status: 409,
      body: { success: false, code: 'conflict', message: 'This e-mail is already in use' },
    };
    const { user } = renderApp('/dashboard/resellers');
    const dialog = await openAddDialog(user);
    await user.type(within(dialog).getByLabelText('Full name'), 'Nina New');
    await user.type(within(dialog).getByLabelText('E-mail'), 'rita@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'long-enough-1');
    await user.type(within(dialog).getByLabelText('Phone'), '123');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Failed to create reseller')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
  });

  it('edits only the name and phone, both required', async () => {
    const api = setUp();
    api.routes['PUT /reseller/7'] = { body: { success: true, data: rita } };
    const { user } = renderApp('/dashboard/resellers');

    await user.click(await screen.findByRole('button', { name: 'Edit Rita Reseller' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Reseller' });
    expect(within(dialog).queryByLabelText('Password')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Starting credits')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('E-mail')).toBeDisabled();

    await user.clear(within(dialog).getByLabelText('Full name'));
    await user.clear(within(dialog).getByLabelText('Phone'));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Full name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Phone is required')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Full name'), 'Rita Renamed');
    await user.type(within(dialog).getByLabelText('Phone'), '+15559990000');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(api.callsTo('PUT', '/reseller/7')).toHaveLength(1));
    expect(api.callsTo('PUT', '/reseller/7')[0]?.body).toEqual({
      name: 'Rita Renamed',
      phone: '+15559990000',
    });
  });

  it('bans only after a confirmation', async () => {
    const api = setUp();
    api.routes['PUT /reseller/toggleBan/7'] = {
      body: { success: true, data: { ...rita, banned: true, status: 'Banned' }, message: 'Reseller banned' },
    };
    const { user } = renderApp('/dashboard/resellers');

    await user.click(await screen.findByRole('button', { name: 'Ban Rita Reseller' }));
    const confirm = await screen.findByRole('dialog', { name: 'Ban Rita Reseller?' });
    expect(api.callsTo('PUT', '/reseller/toggleBan/7')).toHaveLength(0);

    await user.click(within(confirm).getByRole('button', { name: 'Ban' }));
    await waitFor(() => expect(api.callsTo('PUT', '/reseller/toggleBan/7')).toHaveLength(1));
    expect(await screen.findByText('Rita Reseller is now banned')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unban Sam Sub' })).toBeInTheDocument();
  });

  it('is labelled Sub-Resellers for a reseller, whose starting credits come from its own balance', async () => {
    const api = setUp(resellerUser, []);
    const { user } = renderApp('/dashboard/resellers');

    expect(await screen.findByRole('heading', { name: 'Sub-Resellers', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('No resellers found')).toBeInTheDocument();
    const dialog = await openAddDialog(user, 'Add Sub-Reseller');
    expect(
      within(dialog).getByText('Taken from your own balance: 42 credits available.'),
    ).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Full name'), 'Sam Sub');
    await user.type(within(dialog).getByLabelText('E-mail'), 'sam@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'long-enough-1');
    await user.type(within(dialog).getByLabelText('Phone'), '123');
    await user.clear(within(dialog).getByLabelText('Starting credits'));
    await user.type(within(dialog).getByLabelText('Starting credits'), '50');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await within(dialog).findByText('You only have 42 credits')).toBeInTheDocument();
    expect(api.callsTo('POST', '/auth/sign_up_reseller')).toHaveLength(0);
  });

  it('offers no Add Sub-Reseller to an account at the last level of the tree (RESELLER_TREE_DEPTH)', async () => {
    setUp({ ...resellerUser, role: 'sub_reseller', canAddSubResellers: false }, []);
    renderApp('/dashboard/resellers');
    expect(await screen.findByText('No resellers found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Sub-Reseller' })).not.toBeInTheDocument();
  });

  it('says Failed to load resellers when the list cannot be read', async () => {
    const api = mockPanelApi({ user: adminUser });
    api.routes['GET /reseller'] = {
      status: 500,
      body: { success: false, code: 'internal_error', message: 'x' },
    };
    renderApp('/dashboard/resellers');
    expect(await screen.findAllByText('Failed to load resellers')).not.toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('lines up a Latin name and the e-mail with the column in Arabic, each keeping its own direction', async () => {
    setUp();
    await i18next.changeLanguage('ar');
    renderApp('/dashboard/resellers');

    const name = await screen.findByText(rita.name);
    expect(name).toHaveAttribute('dir', 'auto');
    expect(name).toHaveClass(alignWithSurroundingText);
    const email = screen.getByText(rita.email);
    expect(email).toHaveAttribute('dir', 'ltr');
    expect(email).toHaveClass(alignWithSurroundingText);
  });
});
