/**
 * Uploaded pictures (channel icon and background, coupon pictures): what the server accepts and
 * the form checks before sending. Only the 1024-pixel side is a product rule; the rest bounds
 * the work one upload can cause.
 */
export const IMAGE_LIMITS = {
  /** Longest side after re-encoding. */
  maxSide: 1024,
  /** Bytes of one uploaded file: a phone photo fits, anything larger is refused unread. */
  maxUploadBytes: 8 * 1024 * 1024,
  /**
   * Pixels the decoder may unpack (width × height). A small file can claim a huge canvas (a
   * "decompression bomb"); this stops it before memory is spent. 48 MP covers today's phones.
   */
  maxInputPixels: 48_000_000,
  /**
   * Longest side and most elongated shape the header may declare. A few kilobytes of PNG can
   * declare 2,000,000 × 20 or 1 × 47,000,000 (under the pixel limit) and cost hundreds of megabytes
   * or many seconds to shrink; no photo or logo is shaped so. Checked before decoding.
   */
  maxInputSide: 8000,
  maxAspectRatio: 20,
  /** The types sniffed from the bytes; GIF keeps its first frame only. */
  acceptedTypes: ['JPEG', 'PNG', 'WebP', 'GIF'],
  /** What the file picker offers (the server still sniffs the bytes). */
  accept: 'image/jpeg,image/png,image/webp,image/gif',
} as const;
