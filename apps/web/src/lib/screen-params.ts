/**
 * Query parameters of the round trip between the message editor and the coupon screen, which
 * both read: the message to edit, the coupon just created for it, the draft to go back to.
 */
export const MESSAGE_ID_PARAM = 'message_id';
export const COUPON_ID_PARAM = 'coupon_id';
export const RETURN_MESSAGE_PARAM = 'return_message_id';
