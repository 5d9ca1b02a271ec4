/**
 * Branded codes (issue 31): the design options a code keeps, their defaults, and the rules that
 * keep every design readable. Zod-free, so the renderer, the server and the lazy design panel share
 * it without loading schemas.
 */

export const MODULE_SHAPES = ['square', 'rounded', 'dots'] as const;
export type ModuleShape = (typeof MODULE_SHAPES)[number];

export const EYE_SHAPES = ['square', 'rounded', 'circle'] as const;
export type EyeShape = (typeof EYE_SHAPES)[number];

/** A logo's size: small raises error correction to Q, large to H. */
export const LOGO_SIZES = ['small', 'large'] as const;
export type LogoSize = (typeof LOGO_SIZES)[number];

export type EcLevel = 'M' | 'Q' | 'H';

/**
 * The calls to action a frame may carry. Fixed phrases, so their glyphs ship with the renderer
 * (packages/qr/src/cta-glyphs.ts, generated from Noto Sans CJK JP Bold, OFL) and no font is needed
 * anywhere; a new phrase means running `npm run build:cta-glyphs -w @qrqr/qr` again.
 */
export const CTA_PHRASES = {
  coupon: '読み取ってクーポンGET',
  menu: 'メニューはこちら',
  order: '読み取ってご注文',
  reserve: 'ご予約はこちら',
  follow: '読み取ってフォロー',
  wifi: '無料Wi-Fiはこちら',
  details: '詳しくはこちら',
  scan_me: 'SCAN ME',
  scan_menu: 'Scan for the menu',
} as const;
export type CtaId = keyof typeof CTA_PHRASES;
export const CTA_IDS = Object.keys(CTA_PHRASES) as CtaId[];

/**
 * A logo: a channel's icon, or any picture stored for one of the member's channels (a background,
 * a coupon's or a message's picture), named by its address `/api/image/{hash}.{jpg|png}`.
 */
export type QrLogo = { source: 'channel'; channel_id: number } | { source: 'image'; image_url: string };

/** The address of a stored picture, as every answer gives it. */
export const STORED_IMAGE_URL = /^\/api\/image\/[0-9a-f]{32}\.(jpg|png)$/;

/** What a code keeps (and a saved style holds), as the calls carry it. Colours are `#rrggbb`. */
export interface QrDesign {
  fg: string;
  bg: string;
  module_shape: ModuleShape;
  eye_shape: EyeShape;
  /** The finder patterns' colour; null draws them in `fg`. */
  eye_color: string | null;
  logo: QrLogo | null;
  logo_size: LogoSize;
  /** A frame with this call to action below the code; null for none. */
  cta: CtaId | null;
}

export const DEFAULT_DESIGN: QrDesign = {
  fg: '#000000',
  bg: '#ffffff',
  module_shape: 'square',
  eye_shape: 'square',
  eye_color: null,
  logo: null,
  logo_size: 'small',
  cta: null,
};

export const DESIGN_LIMITS = {
  /** Dark on light at least this WCAG contrast ratio (AA for text): phone cameras in a dim shop. */
  minContrast: 4.5,
  /** Smallest pixels per cell of a designed code: dots and rounded corners need some pixels. */
  minCellSize: 4,
  /** Quiet-zone cells a designed code keeps whatever margin is asked (as the Wi-Fi frame does). */
  minQuiet: 2,
  /** A member's saved styles. */
  stylesMax: 20,
  styleNameMax: 32,
  /** Logo pictures a member keeps of their own (uploaded in the design panel). */
  logoPicturesMax: 20,
  /** A logo needs a version with room around it: smaller codes are drawn at this version. */
  logoMinVersion: 5,
} as const;

/** Bytes of byte-mode content version 40 holds at each level. */
export const EC_CAPACITY: Record<EcLevel, number> = { M: 2331, Q: 1663, H: 1273 };

/**
 * Share of the symbol's area the logo's reserved square (clear zone included) may cover. Q
 * restores 25 % of codewords and H 30 %; a square hits about as many codewords as its share of the
 * area plus its edge, so these keep under half of what each level can lose, the rest for wear.
 */
export const LOGO_AREA: Record<LogoSize, number> = { small: 0.05, large: 0.08 };

export function ecLevelOf(design: Pick<QrDesign, 'logo' | 'logo_size'> | null | undefined): EcLevel {
  if (!design?.logo) return 'M';
  return design.logo_size === 'large' ? 'H' : 'Q';
}

/** Is the design the plain black-on-white square code (drawn by the plain fast path)? */
export function isPlainDesign(design: QrDesign | null | undefined): boolean {
  if (!design) return true;
  const d = DEFAULT_DESIGN;
  return (
    design.fg.toLowerCase() === d.fg &&
    design.bg.toLowerCase() === d.bg &&
    design.module_shape === d.module_shape &&
    design.eye_shape === d.eye_shape &&
    (design.eye_color === null || design.eye_color.toLowerCase() === d.fg) &&
    design.logo === null &&
    design.cta === null
  );
}

/** Relative luminance of `#rrggbb` (WCAG 2). */
export function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin((n >> 16) & 255) + 0.7152 * lin((n >> 8) & 255) + 0.0722 * lin(n & 255);
}

export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** Why a colour pair would make an unreadable code, as a message key of `validation`; null if fine. */
export function colourProblem(dark: string, light: string): 'design_inverted' | 'design_contrast' | null {
  if (luminance(dark) >= luminance(light)) return 'design_inverted';
  if (contrastRatio(dark, light) < DESIGN_LIMITS.minContrast) return 'design_contrast';
  return null;
}

export interface DesignProblem {
  field: 'fg' | 'eye_color';
  key: 'design_inverted' | 'design_contrast';
}

/** Every refusal a design earns for its colours (modules first, then the eyes). */
export function designProblems(design: QrDesign): DesignProblem[] {
  const out: DesignProblem[] = [];
  const fg = colourProblem(design.fg, design.bg);
  if (fg) out.push({ field: 'fg', key: fg });
  if (design.eye_color) {
    const eye = colourProblem(design.eye_color, design.bg);
    if (eye) out.push({ field: 'eye_color', key: eye });
  }
  return out;
}

/** Ready-made designs the panel offers first; every one passes the contrast rule. */
export const DESIGN_PRESETS: Record<string, QrDesign> = {
  classic: DEFAULT_DESIGN,
  indigo: { ...DEFAULT_DESIGN, fg: '#1f3a93', module_shape: 'rounded', eye_shape: 'rounded' },
  sakura: {
    ...DEFAULT_DESIGN,
    fg: '#9c2a4a',
    bg: '#fff5f7',
    module_shape: 'dots',
    eye_shape: 'circle',
    eye_color: '#5c1a2e',
  },
  matcha: { ...DEFAULT_DESIGN, fg: '#2f5233', bg: '#f4f8ec', module_shape: 'rounded', eye_shape: 'square' },
  coffee: {
    ...DEFAULT_DESIGN,
    fg: '#4b2e1e',
    bg: '#f7efe3',
    module_shape: 'dots',
    eye_shape: 'rounded',
    cta: 'coupon',
  },
  ink: { ...DEFAULT_DESIGN, module_shape: 'dots', eye_shape: 'circle', cta: 'scan_me' },
};
