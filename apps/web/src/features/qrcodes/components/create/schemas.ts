import { createQrBody } from '@qrqr/shared/qrcode-schemas';

/**
 * The create form validates each tab with the server's own branch of `createQrBody` (a
 * discriminated union on `tab`), so the browser and the API agree on every rule and message.
 */
export const [urlCodeSchema, textCodeSchema, wifiCodeSchema] = createQrBody.out.options;
