/**
 * The server's request schemas (and zod) for the forms, in one module that only the loaders given
 * to lazyZodResolver import, so none of it is part of a page's first load. Importing the
 * `@qrqr/shared` barrel itself dynamically would drag every shared module into the first load.
 */
import { unsubscribeBody } from '@qrqr/shared';
import { z } from 'zod';

export {
  activateBody,
  changeEmailRequestBody,
  changePasswordBody,
  changeWifiProfileBody,
  couponFieldsSchema,
  createChannelBody,
  forgotPasswordRequestBody,
  forgotPasswordVerifyBody,
  redirectUrlUpdateBody,
  saveMessageBody,
  saveSendlistBody,
  saveTagBody,
  saveWelcomeMessageBody,
  serviceRegisterBody,
  shareInputBody,
  signinBody,
  signupBody,
  titleUpdateBody,
  updateChannelBody,
  userInfoBody,
  withPasswordConfirmation,
} from '@qrqr/shared';

// Leaving needs the password plus a confirmation (this box, then a final dialog).
export const unsubscribeFormSchema = unsubscribeBody.extend({
  confirm: z.boolean().refine((v) => v, { error: 'validation.confirm_required' }),
});
