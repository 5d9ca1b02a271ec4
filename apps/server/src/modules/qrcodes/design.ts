import {
  EC_CAPACITY,
  ecLevelOf,
  isPlainDesign,
  type QrDesign,
  type QrLogo,
} from '@qrqr/shared/qr-design-constants';
import { utf8Length } from '@qrqr/shared/text';
import type { QrCodeRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { AppError } from '../../platform/http/errors';
import { channelImageBytes, imageNameOf, isMemberImage, memberImageBytes } from '../../platform/media/images';
import { memberChannel, memberChannels } from '../channels/lookup';

/**
 * The picture a logo names, as stored: the icon of one of the member's channels, a picture
 * uploaded to one of them, or one of the member's own (uploaded without a channel). Undefined
 * when it is not the member's, or gone since.
 */
export async function logoBytes(
  ctx: Pick<AppContext, 'db'>,
  userId: string,
  logo: QrLogo,
): Promise<Buffer | undefined> {
  if (logo.source === 'channel') {
    const channel = await memberChannel(ctx, userId, logo.channel_id);
    if (!channel?.icon_image) return undefined;
    return channelImageBytes(ctx.db.kysely, { channelId: Number(channel.id), name: channel.icon_image });
  }
  const name = imageNameOf(logo.image_url);
  if (!name) return undefined;
  const own = await memberImageBytes(ctx.db.kysely, { userId, name });
  if (own) return own;
  for (const channel of await memberChannels(ctx, userId)) {
    const bytes = await channelImageBytes(ctx.db.kysely, { channelId: Number(channel.id), name });
    if (bytes) return bytes;
  }
  return undefined;
}

/**
 * A design fits its code and its owner: a logo needs a member (guests have no pictures), a picture
 * of theirs, and content the raised error correction still holds (Q 1663, H 1273 bytes).
 */
export async function checkDesign(
  ctx: Pick<AppContext, 'db'>,
  input: { userId: string | null; payload: string; design: QrDesign | null | undefined },
): Promise<void> {
  const { design } = input;
  if (!design?.logo) return;
  if (!input.userId) throw AppError.field('design.logo', 'validation.design_logo_guest');
  if (utf8Length(input.payload) > EC_CAPACITY[ecLevelOf(design)])
    throw AppError.field('design.logo', 'validation.design_logo_capacity');
  if (await logoBytes(ctx, input.userId, design.logo)) return;
  // Another member's own picture is not there for this one, as another member's code is not.
  const name = design.logo.source === 'image' ? imageNameOf(design.logo.image_url) : undefined;
  if (name && (await isMemberImage(ctx.db.kysely, name))) throw new AppError('E-404');
  throw AppError.field('design.logo', 'validation.design_logo');
}

/** The stored design of a code (JSON), or null for the plain code. */
export function designOf(row: { design: string | null }): QrDesign | null {
  return row.design ? (JSON.parse(row.design) as QrDesign) : null;
}

/** What a code's image draws besides its modules, in every format and on the PDF sheet. */
export interface CodeDrawing {
  /** The design, or undefined for the plain code. */
  design: QrDesign | undefined;
  /** A Wi-Fi code's labelled frame. */
  frame?: { ssid: string };
  /** The owner's picture the logo names; one deleted since leaves the logo's square clear (still readable). */
  logo?: Buffer;
}

/**
 * `pictures` lets many codes of one owner share each logo's read (a sheet of a thousand codes
 * reads its one logo once).
 */
export async function drawingOf(
  ctx: Pick<AppContext, 'db'>,
  code: QrCodeRow,
  pictures = new Map<string, Promise<Buffer | undefined>>(),
): Promise<CodeDrawing> {
  const stored = designOf(code);
  const design = isPlainDesign(stored) ? undefined : (stored ?? undefined);
  const frame = code.type === 3 ? { ssid: code.wifi_ssid ?? code.content } : undefined;
  const { user_id: owner } = code;
  if (!design?.logo || !owner) return { design, frame };
  const key = `${owner} ${JSON.stringify(design.logo)}`;
  let picture = pictures.get(key);
  if (!picture) {
    picture = logoBytes(ctx, owner, design.logo);
    pictures.set(key, picture);
  }
  return { design, frame, logo: await picture };
}
