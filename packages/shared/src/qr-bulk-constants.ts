/**
 * Bulk creation from a CSV and bulk export (ZIP of images, printable PDF sheet, list CSV): limits
 * and the CSV's column names, without zod, so the bulk dialog can name them before its schemas load.
 */
export const BULK_LIMITS = {
  /** Rows of one CSV file a member may create at once. */
  maxRows: 1000,
  /** Bytes of one CSV file: 1,000 rows of the longest content (2331 bytes) and their other cells. */
  maxCsvBytes: 4 * 1024 * 1024,
  /** Codes of one export (ZIP, PDF sheet, list CSV of a selection). */
  maxIds: 1000,
} as const;

/** The fields a CSV row may give; the header names each column in Japanese or English. */
export const BULK_FIELDS = [
  'title',
  'type',
  'content',
  'ssid',
  'security',
  'password',
  'hidden',
  'name',
  'analysis_type',
] as const;
export type BulkField = (typeof BULK_FIELDS)[number];

/**
 * Header names per field, compared without case, spaces, underscores or hyphens. A file
 * without any of them is read by position: title, content, ssid, security, password, analysis_type.
 */
export const BULK_HEADERS: Record<BulkField, readonly string[]> = {
  title: ['title', 'タイトル', '名前'],
  type: ['type', '種類', 'タイプ'],
  content: ['content', '内容', 'url', 'text', 'テキスト', 'コンテンツ'],
  ssid: ['ssid', 'ネットワーク名'],
  security: ['security', 'encryption', 'セキュリティ', '暗号化', '暗号化方式'],
  password: ['password', 'パスワード'],
  hidden: ['hidden', 'ステルス', '非公開'],
  name: ['name', '管理名', 'wifiname'],
  analysis_type: ['analysistype', 'analysis', '解析', 'アクセス解析', '解析方法'],
};

export const BULK_POSITIONAL: readonly BulkField[] = [
  'title',
  'content',
  'ssid',
  'security',
  'password',
  'analysis_type',
];

/** Words of the `type` column: URL, text or Wi-Fi (empty: Wi-Fi with an SSID, URL for http(s)://, else text). */
export const BULK_TYPE_WORDS = {
  url: ['url', 'link', 'リンク'],
  text: ['text', 'テキスト', '文字', 'てきすと'],
  wifi: ['wifi', 'wi-fi', 'wlan', '無線lan'],
} as const;

/** Words of the `analysis_type` column besides 0, 1, 2. */
export const BULK_ANALYSIS_WORDS = {
  none: ['none', 'なし', '無し', 'しない'],
  redirect: ['redirect', 'リダイレクト'],
  secret: ['secret', 'シークレット', '秘密'],
} as const;

/** The printable sheet: paper in mm, code side in mm, page margin. */
export const SHEET = {
  papers: { A4: [210, 297], A3: [297, 420] },
  minCodeMm: 15,
  maxCodeMm: 120,
  defaultCodeMm: 40,
  marginMm: 10,
  /** Space under a code for its title, and between codes. */
  titleMm: 6,
  gapMm: 6,
} as const;
export type SheetPaper = keyof typeof SHEET.papers;
export const SHEET_PAPERS = Object.keys(SHEET.papers) as SheetPaper[];

/** Columns and rows of codes of `sizeMm` (title beneath) a page holds inside its margins. */
export function sheetGrid(paper: SheetPaper, sizeMm: number): { columns: number; rows: number } {
  const [width, height] = SHEET.papers[paper];
  const along = (room: number, item: number) =>
    Math.max(1, Math.floor((room - 2 * SHEET.marginMm + SHEET.gapMm) / (item + SHEET.gapMm)));
  return { columns: along(width, sizeMm), rows: along(height, sizeMm + SHEET.titleMm) };
}
