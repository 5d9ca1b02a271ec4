import type { FastifyRequest } from 'fastify';

/** Whether the viewer behind a request may see the record a screen's address names. */
export type RecordVisible = (req: FastifyRequest, id: string) => Promise<boolean>;

/**
 * Screens whose address names one record (`/qrcode/analytics/:id`): the web app's page still comes
 * back, showing its not-found panel, but with status 404 when the viewer may not see that record,
 * as the record's API calls answer. The module that owns the record registers its check.
 */
export class RecordScreens {
  private readonly screens: { prefix: string; visible: RecordVisible }[] = [];

  /** `screen` is a path pattern ending in one `:id` segment. */
  add(screen: string, visible: RecordVisible): void {
    if (!screen.endsWith('/:id')) throw new Error(`${screen}: a record screen ends in /:id`);
    this.screens.push({ prefix: screen.slice(0, -':id'.length), visible });
  }

  /** False when `pathname` names a record the viewer may not see; true for every other path. */
  async visible(req: FastifyRequest, pathname: string): Promise<boolean> {
    for (const { prefix, visible } of this.screens) {
      if (!pathname.startsWith(prefix)) continue;
      const id = pathname.slice(prefix.length);
      if (!id || id.includes('/')) continue;
      try {
        return await visible(req, decodeURIComponent(id));
      } catch {
        return false;
      }
    }
    return true;
  }
}
