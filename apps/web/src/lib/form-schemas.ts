/**
 * The server's request schemas (and zod) for the forms, in one module that only the loaders given
 * to lazyZodResolver import, so none of it is part of a page's first load: a form's first
 * validation fetches them with zod.
 */
import { unsubscribeBody } from '@qrqr/shared/auth-schemas';
import { z } from 'zod';

export { saveMessageWithTestBody } from '@qrqr/shared/ab-test-schemas';
export {
  activateBody,
  changeEmailRequestBody,
  changePasswordBody,
  forgotPasswordRequestBody,
  forgotPasswordVerifyBody,
  signinBody,
  signupBody,
  userInfoBody,
  withPasswordConfirmation,
} from '@qrqr/shared/auth-schemas';
export { createChannelBody, serviceRegisterBody, updateChannelBody } from '@qrqr/shared/channel-schemas';
export { couponFieldsSchema } from '@qrqr/shared/coupon-schemas';
export { changeWifiProfileBody, redirectUrlUpdateBody, titleUpdateBody } from '@qrqr/shared/qrcode-schemas';
export { saveSendlistBody } from '@qrqr/shared/sendlist-schemas';
export { shareInputBody } from '@qrqr/shared/sharing-schemas';
export { saveTagBody } from '@qrqr/shared/tag-schemas';
export { saveWelcomeMessageBody } from '@qrqr/shared/welcome-message-schemas';

// Leaving needs the password plus a confirmation (this box, then a final dialog).
export const unsubscribeFormSchema = unsubscribeBody.extend({
  confirm: z.boolean().refine((v) => v, { error: 'validation.confirm_required' }),
});
