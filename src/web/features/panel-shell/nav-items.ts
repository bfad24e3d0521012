import type { PanelUser } from '@shared/api/auth';
import {
  AppWindow,
  ClipboardList,
  Code,
  Coins,
  House,
  KeyRound,
  Inbox,
  Layers,
  Megaphone,
  LayoutDashboard,
  ListVideo,
  MonitorSmartphone,
  SearchCheck,
  Users,
  Zap,
  type LucideIcon,
  History,
} from 'lucide-react';

export type NavLabelKey =
  | 'nav.website'
  | 'nav.home'
  | 'nav.devices'
  | 'nav.checkMac'
  | 'nav.activateMac'
  | 'nav.bulkActivation'
  | 'nav.deviceMessages'
  | 'nav.activity'
  | 'nav.playlists'
  | 'nav.clients'
  | 'nav.resellers'
  | 'nav.subResellers'
  | 'nav.viewResellers'
  | 'nav.credits'
  | 'nav.links'
  | 'nav.apiKeys'
  | 'nav.passwordChange'
  // In 'common' (found through the fallback namespace): the label of src/web/features/panel-messages.
  | 'panelNav.messages';

export interface NavLinkItem {
  kind: 'link';
  to: string;
  label: NavLabelKey;
  icon: LucideIcon;
}

export interface NavGroupItem {
  kind: 'group';
  id: string;
  label: NavLabelKey;
  icon: LucideIcon;
  children: NavLinkItem[];
}

export type NavItem = NavLinkItem | NavGroupItem;

const link = (to: string, label: NavLabelKey, icon: LucideIcon): NavLinkItem => ({
  kind: 'link',
  to,
  label,
  icon,
});

/**
 * The sidebar per docs/product.md. Clients is for admins only. Non-admins see their resellers as
 * "Sub-Resellers", a group holding View Resellers and Credits.
 */
export function navItemsFor(user: PanelUser): NavItem[] {
  const isAdmin = user.role === 'admin';
  const resellers: NavItem[] = isAdmin
    ? [link('/dashboard/resellers', 'nav.resellers', Users), link('/dashboard/credits', 'nav.credits', Coins)]
    : [
        {
          kind: 'group',
          id: 'sub-resellers',
          label: 'nav.subResellers',
          icon: Users,
          children: [
            link('/dashboard/resellers', 'nav.viewResellers', Users),
            link('/dashboard/credits', 'nav.credits', Coins),
          ],
        },
      ];

  return [
    link('/', 'nav.website', House),
    link('/dashboard/home', 'nav.home', LayoutDashboard),
    link('/dashboard/devices', 'nav.devices', MonitorSmartphone),
    link('/dashboard/check-mac', 'nav.checkMac', SearchCheck),
    link('/dashboard/activate-mac', 'nav.activateMac', Zap),
    link('/dashboard/bulk-activation', 'nav.bulkActivation', Layers),
    link('/dashboard/playlists', 'nav.playlists', ListVideo),
    link('/dashboard/device-messages', 'nav.deviceMessages', Megaphone),
    ...(isAdmin ? [link('/dashboard/clients', 'nav.clients', ClipboardList)] : []),
    ...(isAdmin ? [link('/dashboard/messages', 'panelNav.messages', Inbox)] : []),
    ...resellers,
    link('/dashboard/links', 'nav.links', AppWindow),
    link('/dashboard/activity', 'nav.activity', History),
    link('/dashboard/api-keys', 'nav.apiKeys', Code),
    link('/dashboard/passwordChange', 'nav.passwordChange', KeyRound),
  ];
}
