import { isOwnRedirectUrl } from '@qrqr/shared/qrcode-schemas';
import type { Config } from '../../config';
import { AppError } from '../../platform/http/errors';

/**
 * The rule for where a redirect code may send its readers, on creation and on retargeting:
 * never to one of our own `/r/` codes (a chain counts reads twice, a loop forever).
 */
export function checkRedirectTarget(config: Config, url: string): void {
  if (isOwnRedirectUrl(url, config.publicUrl)) throw AppError.field('url', 'validation.url_own_redirect');
}
