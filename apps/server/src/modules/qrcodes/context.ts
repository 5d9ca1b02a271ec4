import type { AppContext } from '../../platform/context';
import type { CostlyWork } from '../../platform/costly-work';
import type { ReadRecorder } from './read-recorder';
import type { RedirectCache } from './redirect-cache';

/**
 * The platform plus the QR manager's in-memory parts: the /r/ lookup cache, the read buffer and
 * the gate every image render goes through.
 */
export interface QrContext extends AppContext {
  redirects: RedirectCache;
  reads: ReadRecorder;
  renders: CostlyWork;
}
