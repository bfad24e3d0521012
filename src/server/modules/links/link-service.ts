import type { LinkView, ParsedLinkBody } from '../../../shared/api/link';
import { notFound } from '../../errors';
import type { LinkRepository, LinkRow } from './link-repository';

export function toLinkView(row: LinkRow): LinkView {
  return { id: row.id, version: row.version, url: row.url, created_at: row.created_at.toISOString() };
}

/** The application download links: every panel user reads them, only admins change them (routes guard). */
export function createLinkService(deps: { links: LinkRepository }) {
  const { links } = deps;
  return {
    async list(): Promise<LinkView[]> {
      return (await links.listNewestFirst()).map(toLinkView);
    },
    async create(body: ParsedLinkBody): Promise<LinkView> {
      return toLinkView(await links.insert({ version: body.version, url: body.url }));
    },
    async update(id: number, body: ParsedLinkBody): Promise<LinkView> {
      const row = await links.update(id, { version: body.version, url: body.url });
      if (!row) throw notFound('Link not found');
      return toLinkView(row);
    },
    async remove(id: number): Promise<void> {
      if (!(await links.delete(id))) throw notFound('Link not found');
    },
  };
}
export type LinkService = ReturnType<typeof createLinkService>;
