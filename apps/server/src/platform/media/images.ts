import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import { IMAGE_LIMITS } from '@qrqr/shared/image-limits';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import type { Db } from '../../db/client';
import { dialectSql } from '../../db/dialect';
import type { Queryable } from '../../db/queryable';
import type { Database } from '../../db/schema';
import type { AppContext } from '../core/context';
import { AppError } from '../http/errors';
import { setImmutableAssetHeaders } from '../page/asset-headers';
import type { CostlyWork } from './costly-work';

/**
 * The one image pipeline for uploads (channel icon and background, coupon pictures, a member's own
 * QR logo):
 *   bytes → sniff the real type → re-encode with sharp (EXIF orientation applied, metadata
 *   stripped, fitted within 1024 px) → stored in the `images` table → served at
 *   `/api/image/{content-hash}.{jpg|png}` with an immutable cache policy.
 * Pictures live in the database (see docs/decisions.md): they go with their channel (or member) by cascade,
 * are in every backup, and every server process sees them without a shared disk.
 */

/** What a stored picture is for: an owner lists and replaces only its own. */
export type ImagePurpose = 'coupon' | 'channel_icon' | 'channel_background' | (string & {});

/** A channel's picture, or a member's own (a QR code's logo of a member without a channel). */
export type ImageOwner =
  | { channelId: number; purpose: ImagePurpose }
  | { userId: string; purpose: ImagePurpose };

export interface StoredImage {
  id: number;
  /** Site-relative and immutable: the same URL always answers the same bytes. */
  url: string;
  width: number;
  height: number;
  contentType: string;
}

/** A re-encoded picture not yet stored (so a caller can store it inside its own transaction). */
export interface PreparedImage {
  data: Buffer;
  name: string;
  contentType: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
}

/** The parts of AppContext the pipeline uses. */
export type ImageContext = Pick<AppContext, 'db' | 'decodes'>;

/** Where stored pictures are served; `{name}` is `{32 hex}.{jpg|png}`. */
export const IMAGE_URL_PREFIX = '/api/image/';
const NAME_PATTERN = /^[0-9a-f]{32}\.(jpg|png)$/;

export function imageUrl(name: string): string {
  return `${IMAGE_URL_PREFIX}${name}`;
}

type SniffedType = 'jpeg' | 'png' | 'gif' | 'webp';

/** The type the bytes really are (magic numbers), whatever name or Content-Type came with them. */
export function sniffImageType(bytes: Uint8Array): SniffedType | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (bytes.length >= 6 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a')) return 'gif';
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return null;
}

const unsupported = () => new AppError('E-415', { messageKey: 'errors.image_type' });
const unreadable = () => new AppError('E-415', { messageKey: 'errors.image_unreadable' });
const tooBig = () => new AppError('E-413', { messageKey: 'errors.image_too_big' });
const tooManyPixels = () => new AppError('E-413', { messageKey: 'errors.image_too_many_pixels' });
const badShape = () => new AppError('E-413', { messageKey: 'errors.image_shape' });

// libvips' operation cache keeps decoded pictures for reuse; an upload is never decoded twice, and
// what the cache held (50 MB by default, per process) was memory a burst of uploads never gave back.
sharp.cache(false);

/**
 * Checks and re-encodes uploaded bytes through the uploads' own gate (`ctx.decodes`: at most
 * RENDER_CONCURRENCY at once, a bounded queue, then E-503), apart from the QR renders' one, so
 * uploads never hold up another member's download. Only JPEG, PNG, WebP and GIF (first frame) pass; SVG, TIFF,
 * HEIC and anything else are refused before a decoder sees them. Pictures with transparency come
 * out as PNG, the rest as JPEG.
 */
export async function prepareImage(work: CostlyWork, bytes: Buffer, signal?: AbortSignal) {
  if (bytes.length === 0) throw AppError.field('image', 'validation.image_required');
  if (bytes.length > IMAGE_LIMITS.maxUploadBytes) throw tooBig();
  const sniffed = sniffImageType(bytes);
  if (!sniffed) throw unsupported();
  return work.run(() => reencode(bytes, sniffed), signal);
}

/** sharp's own refusal of a picture over `limitInputPixels` (it reads the header first). */
const overPixelLimit = (error: unknown) => /pixel limit/i.test(String((error as Error)?.message));

async function reencode(bytes: Buffer, sniffed: SniffedType): Promise<PreparedImage> {
  const input = { limitInputPixels: IMAGE_LIMITS.maxInputPixels, failOn: 'error' as const };
  let meta: Metadata;
  try {
    meta = await sharp(bytes, input).metadata();
  } catch (error) {
    throw overPixelLimit(error) ? tooManyPixels() : unreadable();
  }
  // The header's claim is checked before anything is decoded (sharp's own limit would also stop
  // the decode, but only after it had started).
  if (meta.format !== sniffed) throw unreadable();
  if (!meta.width || !meta.height) throw unreadable();
  if (meta.width * meta.height > IMAGE_LIMITS.maxInputPixels) throw tooManyPixels();
  const [long, short] = meta.width > meta.height ? [meta.width, meta.height] : [meta.height, meta.width];
  if (long > IMAGE_LIMITS.maxInputSide || long > short * IMAGE_LIMITS.maxAspectRatio) throw badShape();

  const side = IMAGE_LIMITS.maxSide;
  // autoOrient applies the EXIF orientation; no keepMetadata/withMetadata, so EXIF, XMP, ICC
  // (converted to sRGB) and comments are all dropped.
  const pipeline = sharp(bytes, input)
    .autoOrient()
    .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true });
  const png = meta.hasAlpha === true;
  let out: { data: Buffer; info: OutputInfo };
  try {
    out = await (png
      ? pipeline.png({ compressionLevel: 9, adaptiveFiltering: true })
      : pipeline.jpeg({
          quality: 86,
          mozjpeg: true,
          // Logos and drawings (PNG/GIF sources) keep crisp colour edges.
          chromaSubsampling: sniffed === 'jpeg' || sniffed === 'webp' ? '4:2:0' : '4:4:4',
        })
    ).toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw overPixelLimit(error) ? tooManyPixels() : unreadable();
  }
  const hash = createHash('sha256').update(out.data).digest('hex').slice(0, 32);
  return {
    data: out.data,
    name: `${hash}.${png ? 'png' : 'jpg'}`,
    contentType: png ? 'image/png' : 'image/jpeg',
    width: out.info.width,
    height: out.info.height,
  };
}

/** Stores a prepared picture for its owner (pass a transaction to store it with other rows). */
export async function insertImage(
  db: Queryable,
  image: PreparedImage,
  owner: ImageOwner,
  now = Date.now(),
): Promise<StoredImage> {
  const row = await db
    .insertInto('images')
    .values({
      channel_id: 'channelId' in owner ? owner.channelId : null,
      user_id: 'userId' in owner ? owner.userId : null,
      purpose: owner.purpose,
      name: image.name,
      content_type: image.contentType,
      width: image.width,
      height: image.height,
      byte_size: image.data.length,
      data: image.data,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    id: Number(row.id),
    url: imageUrl(image.name),
    width: image.width,
    height: image.height,
    contentType: image.contentType,
  };
}

/**
 * The whole pipeline: `storeImage(ctx, bytes, {owner: {channelId, purpose}})` → `{id, url}`.
 * Throws AppError E-415 (not an accepted type, or broken), E-413 (too many bytes or pixels, or a
 * side too long) or
 * E-503 (too many uploads being processed at once).
 */
export async function storeImage(
  ctx: ImageContext,
  bytes: Buffer,
  options: { owner: ImageOwner; signal?: AbortSignal },
): Promise<StoredImage> {
  const prepared = await prepareImage(ctx.decodes, bytes, options.signal);
  return insertImage(ctx.db.kysely, prepared, options.owner);
}

/** Deletes pictures of one channel by id (ids of other channels are ignored); returns how many went. */
export async function deleteImages(
  db: Queryable,
  input: { channelId: number; ids: readonly number[] },
): Promise<number> {
  if (input.ids.length === 0) return 0;
  const result = await db
    .deleteFrom('images')
    .where('channel_id', '=', input.channelId)
    .where('id', 'in', [...input.ids])
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A stored picture's metadata (no bytes), or undefined when the channel has no such picture. */
export async function findImage(db: Queryable, input: { channelId: number; id: number }) {
  const row = await db
    .selectFrom('images')
    .select(['id', 'name', 'purpose', 'content_type', 'width', 'height'])
    .where('channel_id', '=', input.channelId)
    .where('id', '=', input.id)
    .executeTakeFirst();
  return row && { ...row, id: Number(row.id), url: imageUrl(row.name) };
}

/** A channel's stored picture's bytes, by id or by name (a QR code's logo); undefined when none. */
export async function channelImageBytes(
  db: Queryable,
  input: { channelId: number; id?: number; name?: string },
): Promise<Buffer | undefined> {
  let query = db.selectFrom('images').select('data').where('channel_id', '=', input.channelId);
  if (input.id !== undefined) query = query.where('id', '=', input.id);
  if (input.name !== undefined) query = query.where('name', '=', input.name);
  const row = await query.limit(1).executeTakeFirst();
  return row && Buffer.from(row.data);
}

/** A member's own stored picture's bytes by name; undefined when the member has none of that name. */
export async function memberImageBytes(
  db: Queryable,
  input: { userId: string; name: string },
): Promise<Buffer | undefined> {
  const row = await db
    .selectFrom('images')
    .select('data')
    .where('user_id', '=', input.userId)
    .where('name', '=', input.name)
    .limit(1)
    .executeTakeFirst();
  return row && Buffer.from(row.data);
}

/** Whether some member's own picture (not a channel's) has this name. */
export async function isMemberImage(db: Queryable, name: string): Promise<boolean> {
  const row = await db
    .selectFrom('images')
    .select('id')
    .where('name', '=', name)
    .where('user_id', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const DATA_URL_HEAD = /^data:[a-z0-9.+/-]*(;[a-z0-9=.+-]+)*;base64,/i;

/**
 * Bytes of an image sent in a JSON or form body: a `data:…;base64,` URL or bare base64. The
 * declared type of a data URL is ignored; the bytes are sniffed later like any upload.
 */
export function decodeBase64Image(text: string): Buffer {
  const b64 = text.replace(DATA_URL_HEAD, '').replace(/\s+/g, '');
  if (b64.length === 0) throw AppError.field('image', 'validation.image_required');
  // Checked before decoding, so an oversized body costs no second copy.
  if (Math.floor((b64.length * 3) / 4) - 2 > IMAGE_LIMITS.maxUploadBytes) throw tooBig();
  if (!BASE64.test(b64)) throw unreadable();
  return Buffer.from(b64, 'base64');
}

/** Characters of a base64 field that holds an image of the byte limit (data URL head included). */
export const BASE64_IMAGE_MAX_CHARS = Math.ceil(IMAGE_LIMITS.maxUploadBytes / 3) * 4 + 128;

/** Body limit for a route that takes one base64 image plus some fields. */
export const BASE64_IMAGE_BODY_LIMIT = BASE64_IMAGE_MAX_CHARS + 64 * 1024;

/**
 * Lets the routes of this plugin scope take multipart uploads, every limit set: one file of the
 * image byte limit, a few small fields, nothing else. Call it inside the routes plugin that
 * handles uploads, then read the file with `readImageUpload`.
 */
export async function registerImageUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: {
      fileSize: IMAGE_LIMITS.maxUploadBytes,
      files: 1,
      fields: 8,
      fieldNameSize: 64,
      fieldSize: 4096,
      parts: 9,
      headerPairs: 20,
    },
    throwFileSizeLimit: true,
  });
}

// More files, fields or parts than one upload needs: too large a request, whatever its file.
const MULTIPART_COUNT_CODES = new Set(['FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);

/**
 * The bytes of the one file in a multipart upload (field `image` unless named otherwise).
 * Missing file → E-400 on that field; over a limit → E-413; not multipart → E-415.
 */
export async function readImageUpload(req: FastifyRequest, field = 'image'): Promise<Buffer> {
  if (!req.isMultipart()) throw new AppError('E-415', { messageKey: 'errors.image_type' });
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file' && part.fieldname === field) return await part.toBuffer();
      if (part.type === 'file') part.file.resume();
    }
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooBig();
    if (MULTIPART_COUNT_CODES.has(code)) throw new AppError('E-413');
    if (code.startsWith('FST_')) throw new AppError('E-400');
    throw error;
  }
  throw AppError.field(field, 'validation.image_required');
}

/** GET /api/image/{name}: stored pictures, public (followers' pages show them), cached for good. */
export function imageRoutes(ctx: Pick<AppContext, 'db'>) {
  return async (app: FastifyInstance) => {
    app.get<{ Params: { name: string } }>(
      `${IMAGE_URL_PREFIX}:name`,
      { schema: { hide: true } },
      async (req, reply) => {
        const { name } = req.params;
        if (!NAME_PATTERN.test(name)) throw new AppError('E-404');
        const row = await ctx.db.kysely
          .selectFrom('images')
          .select(['content_type', 'data'])
          .where('name', '=', name)
          .limit(1)
          .executeTakeFirst();
        if (!row) throw new AppError('E-404');
        // A name is a hash of the bytes it answers: cached for a year, never revalidated. Errors
        // are JSON and stay no-store (cache-control.ts).
        setImmutableAssetHeaders(reply);
        return reply.type(row.content_type).send(Buffer.from(row.data));
      },
    );
  };
}

/** The stored picture name a URL of ours names (`/api/image/{name}`), or undefined. */
export function imageNameOf(url: string): string | undefined {
  if (!url.startsWith(IMAGE_URL_PREFIX)) return undefined;
  const name = url.slice(IMAGE_URL_PREFIX.length);
  return NAME_PATTERN.test(name) ? name : undefined;
}

/**
 * Whether the picture at `url` is one of the channel's (an owner saving a reference to it). On
 * PostgreSQL the row is share-locked until `trx` ends, so the housekeeping that deletes unused
 * pictures (lockUnusedCandidates) waits for the save and then sees its reference.
 */
export async function channelHasImage(
  db: Db,
  input: { channelId: number; url: string },
  trx: Transaction<Database>,
): Promise<boolean> {
  const name = imageNameOf(input.url);
  if (name === undefined) return false;
  let query = trx
    .selectFrom('images')
    .select('id')
    .where('channel_id', '=', input.channelId)
    .where('name', '=', name);
  if (dialectSql(db.dialect).rowLocks) query = query.forShare();
  return (await query.executeTakeFirst()) !== undefined;
}

/**
 * Pictures of `purpose` stored before `before` (Unix ms), at most `limit`, locked inside `trx` (on
 * PostgreSQL, after any save still holding one of them has committed): the candidates a
 * housekeeping job checks for references, read after this lock, and deletes.
 */
export async function lockImagesOfPurpose(
  db: Db,
  input: { purpose: ImagePurpose; before: number; limit: number },
  trx: Transaction<Database>,
): Promise<Array<{ id: number; channelId: number; url: string }>> {
  let query = trx
    .selectFrom('images')
    .select(['id', 'channel_id', 'name'])
    .where('purpose', '=', input.purpose)
    .where('created_at', '<', input.before)
    .orderBy('id')
    .limit(input.limit);
  if (dialectSql(db.dialect).rowLocks) query = query.forUpdate();
  const rows = await query.execute();
  return rows.map((r) => ({ id: Number(r.id), channelId: Number(r.channel_id), url: imageUrl(r.name) }));
}
