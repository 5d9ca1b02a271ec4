/** The welcome editor's query parameter naming the one to edit. */
export const WELCOME_ID_PARAM = 'message_id';
