import { encodeQr, QrCapacityError } from '@qrqr/qr';
import { ANALYSIS_TYPES, QR_TABS, QR_TYPES } from '@qrqr/shared/qr-constants';
import type { ChangeWifiProfileBody, CreateQrBody } from '@qrqr/shared/qrcode-schemas';
import { isWellFormedText } from '@qrqr/shared/well-formed-text';
import { wifiPayload } from '@qrqr/shared/wifi-payload';
import { isUniqueViolation } from '../../db/dialect';
import type { NewQrCode, QrCodeRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { AppError } from '../../platform/http/errors';
import { ILL_FORMED_RULE } from '../../platform/http/validation';
import { newQrId, newSecretToken, newShortCode } from './codes';
import { checkDesign } from './design';
import { ownLogoName, writeHoldingLogo } from './logo-hold';
import { redirectUrl } from './present';
import { checkRedirectTarget } from './redirect-target';
import { findQrCode, insertQrCode } from './repository';
import { foldTitle } from './title';

/** The profile fields shared by the create form's Wi-Fi tab and the change call. */
type WifiProfileFields = Omit<ChangeWifiProfileBody, 'id'>;

/** Who a new code belongs to: a member, or the guest history key (its hash). */
export type NewOwner = { userId: string } | { guestKeyHash: string };

const ownerId = (owner: NewOwner) => ('userId' in owner ? owner.userId : null);

/** Creates a URL, text or Wi-Fi code; the payload is what the printed code will hold. */
export async function createQrCode(
  ctx: AppContext,
  input: { owner: NewOwner; body: CreateQrBody },
): Promise<QrCodeRow> {
  const { body } = input;
  if (body.tab === QR_TABS.url && body.analysis_type === ANALYSIS_TYPES.redirect)
    checkRedirectTarget(ctx.config, body.url);
  const base = baseRow(body);
  let ownLogo: string | undefined;
  for (let attempt = 0; ; attempt++) {
    const id = newQrId();
    const shortCode = body.analysis_type === ANALYSIS_TYPES.redirect ? newShortCode() : null;
    const secretToken = body.analysis_type === ANALYSIS_TYPES.secret ? newSecretToken() : null;
    const payload = shortCode
      ? redirectUrl(ctx.config.publicUrl, shortCode)
      : (secretToken ?? base.plainPayload);
    if (attempt === 0) {
      await checkDesign(ctx, { userId: ownerId(input.owner), payload, design: body.design });
      ownLogo = await ownLogoName(ctx, ownerId(input.owner), body.design);
    }
    const now = Date.now();
    const row: NewQrCode = {
      ...base.columns,
      id,
      user_id: 'userId' in input.owner ? input.owner.userId : null,
      guest_key_hash: 'guestKeyHash' in input.owner ? input.owner.guestKeyHash : null,
      title: body.title,
      title_folded: foldTitle(body.title),
      analysis_type: body.analysis_type,
      payload,
      short_code: shortCode,
      secret_token: secretToken,
      version: versionOf(payload, base.field),
      design: body.design ? JSON.stringify(body.design) : null,
      read_count: 0,
      created_at: now,
      updated_at: now,
    };
    try {
      await writeHoldingLogo(ctx, { userId: ownerId(input.owner), name: ownLogo }, (trx) =>
        insertQrCode(ctx.db, row, trx),
      );
      return (await findQrCode(ctx.db, id)) as QrCodeRow;
    } catch (error) {
      // A random id, short code or token met an existing one: draw again (astronomically rare).
      if (!isUniqueViolation(error) || attempt >= 4) throw error;
    }
  }
}

type BaseColumns = Pick<
  NewQrCode,
  | 'tab'
  | 'type'
  | 'content'
  | 'wifi_name'
  | 'wifi_ssid'
  | 'wifi_password'
  | 'wifi_encryption'
  | 'wifi_hidden'
  | 'wifi_expire_hours'
  | 'wifi_set_at'
>;

/** The columns the tab decides, what the code holds without analysis, and the field to blame if too long. */
function baseRow(body: CreateQrBody): { columns: BaseColumns; plainPayload: string; field: string } {
  const noWifi = {
    wifi_name: null,
    wifi_ssid: null,
    wifi_password: null,
    wifi_encryption: null,
    wifi_hidden: null,
    wifi_expire_hours: null,
    wifi_set_at: null,
  };
  if (body.tab === QR_TABS.url) {
    return {
      columns: { tab: body.tab, type: QR_TYPES.normal, content: body.url, ...noWifi },
      plainPayload: body.url,
      field: 'url',
    };
  }
  if (body.tab === QR_TABS.text) {
    return {
      columns: { tab: body.tab, type: QR_TYPES.normal, content: body.text, ...noWifi },
      plainPayload: body.text,
      field: 'text',
    };
  }
  return { ...wifiBase(body), field: 'password' };
}

/** The columns and plain `WIFI:` payload of a Wi-Fi profile, at creation and when it changes. */
export function wifiBase(profile: WifiProfileFields): { columns: BaseColumns; plainPayload: string } {
  const password = profile.encryption === 'nopass' ? '' : profile.password;
  return {
    columns: {
      tab: QR_TABS.wifi,
      type: QR_TYPES.wifi,
      content: profile.ssid,
      wifi_name: profile.name,
      wifi_ssid: profile.ssid,
      wifi_password: password,
      wifi_encryption: profile.encryption,
      wifi_hidden: profile.hidden ? 1 : 0,
      wifi_expire_hours: profile.expir_time,
      wifi_set_at: Date.now(),
    },
    plainPayload: wifiPayload({
      ssid: profile.ssid,
      password,
      encryption: profile.encryption,
      hidden: profile.hidden,
    }),
  };
}

/**
 * The QR version of a payload; one that does not fit any version is the field's "too long".
 * The bytes measured here are the bytes stored and downloaded later only for well-formed text
 * (a lone surrogate would be stored as replacement characters, longer than measured), so such a
 * payload is refused here too, whatever the route's schema did.
 */
export function versionOf(payload: string, field: string): number {
  if (!isWellFormedText(payload)) throw AppError.field(field, ILL_FORMED_RULE);
  try {
    return encodeQr(payload).version;
  } catch (error) {
    if (error instanceof QrCapacityError) throw AppError.field(field, 'validation.content_too_long');
    throw error;
  }
}
