import type { AppContext } from '../../platform/core/context';
import type { ReadRecorder } from './read-recorder';
import type { RedirectCache } from './redirect-cache';

/**
 * The platform plus the QR manager's in-memory parts: the /r/ lookup cache and the read buffer.
 */
export interface QrContext extends AppContext {
  redirects: RedirectCache;
  reads: ReadRecorder;
}
