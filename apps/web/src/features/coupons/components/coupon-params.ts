/** Query parameters of /qrchannel/coupon/create: the coupon to edit, or the one a new coupon copies. */
export const EDIT_PARAM = 'coupon_img_id';
export const COPY_PARAM = 'copy_of';
