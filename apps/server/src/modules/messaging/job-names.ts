/** Names this module gives the job seam. */
export const DELIVERY_SWEEP = 'messages.deliver';
export const FINISH_JOB = 'messages.finish';
export const IMAGE_HOUSEKEEPING_JOB = 'messages.images';
export const PUSH_SWEEP = 'messages.push';
export const WELCOME_PUSH_SWEEP = 'welcomemessages.push';
