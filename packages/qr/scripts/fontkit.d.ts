// The few parts of fontkit (no bundled types) that build-cta-glyphs.ts reads.
declare module 'fontkit' {
  export interface Glyph {
    advanceWidth: number;
    path: {
      commands: {
        command: 'moveTo' | 'lineTo' | 'quadraticCurveTo' | 'bezierCurveTo' | 'closePath';
        args: number[];
      }[];
    };
  }
  export interface Font {
    unitsPerEm: number;
    ascent: number;
    capHeight: number;
    glyphForCodePoint(codePoint: number): Glyph;
  }
  export interface FontCollection {
    getFont(postscriptName: string): Font | null;
  }
  export function openSync(path: string): Font | FontCollection;
}
