import type { LinkView } from '@shared/api/link';
import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '@web/components/data-table';
import { LinkActions } from './link-row-actions';

/** Version, the link itself, and the row's actions. */
export function useLinkColumns({
  isAdmin,
  onEdit,
}: {
  isAdmin: boolean;
  onEdit: (link: LinkView) => void;
}): DataTableColumn<LinkView>[] {
  const { t } = useTranslation('panel-network');
  const version = (link: LinkView) =>
    link.version ? <span dir="ltr">{link.version}</span> : t('links.noVersion');
  return [
    {
      id: 'version',
      header: t('links.table.version'),
      headerClassName: 'w-32',
      cell: (link) => (
        <span className={link.version ? 'font-medium' : 'text-muted-foreground'}>{version(link)}</span>
      ),
    },
    {
      id: 'url',
      header: t('links.table.url'),
      className: 'w-full',
      cell: (link) => (
        <a
          href={link.url}
          target="_blank"
          rel="noreferrer noopener"
          dir="ltr"
          className="rounded-sm text-primary break-all underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {link.url}
          <ExternalLink aria-hidden="true" className="ms-1.5 inline size-3.5 align-[-0.125em]" />
          <span className="sr-only">{t('links.opensInNewTab')}</span>
        </a>
      ),
    },
    {
      id: 'actions',
      header: t('links.table.actions'),
      align: 'end',
      cell: (link) => <LinkActions link={link} isAdmin={isAdmin} onEdit={onEdit} />,
    },
  ];
}
