/** The editor's query parameter naming the message to edit (`?channel_id=…&message_id=…`). */
export const MESSAGE_ID_PARAM = 'message_id';

/** A coupon just created from the editor, to choose on coming back (set by the coupon screen). */
export const COUPON_ID_PARAM = 'coupon_id';
