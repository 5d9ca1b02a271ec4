/** Names this module gives the job seam. */
export const DELIVERY_SWEEP = 'messages.deliver';
export const FINISH_JOB = 'messages.finish';
export const IMAGE_HOUSEKEEPING_JOB = 'messages.images';
/** The push of every delivery, of both kinds. */
export const PUSH_SWEEP = 'messaging.push';
