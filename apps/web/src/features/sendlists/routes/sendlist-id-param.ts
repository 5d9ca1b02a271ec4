/** The query parameter of /qrchannel/sendlist/create that names the list to edit. */
export const SENDLIST_ID_PARAM = 'sendlist_id';
