/** The editor's query parameter naming the message to edit (`?channel_id=…&message_id=…`). */
export const MESSAGE_ID_PARAM = 'message_id';
