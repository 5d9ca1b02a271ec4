import type { IndustryDto } from '@qrqr/shared/channel-schemas';
import type { Locale } from '@qrqr/shared/limits';
import type { AppContext } from '../../platform/core/context';
import { presentIndustries } from './present';
import { listIndustryRows } from './repository';

/** The industry list with sub-industries, in the caller's language. */
export async function listIndustries(ctx: AppContext, input: { locale: Locale }): Promise<IndustryDto[]> {
  return presentIndustries(await listIndustryRows(ctx.db), input.locale);
}
