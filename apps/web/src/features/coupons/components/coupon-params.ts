/** Query parameters of /qrchannel/coupon/create: the coupon to edit, or the one a new coupon copies. */
export const EDIT_PARAM = 'coupon_img_id';
export const COPY_PARAM = 'copy_of';
/** The message draft to go back to once the coupon is saved (the message editor's "create a coupon"). */
export const RETURN_MESSAGE_PARAM = 'return_message_id';
