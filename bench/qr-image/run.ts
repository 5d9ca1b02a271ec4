/**
 * PNG rendering speed of @qrqr/qr against `qrcode` (the usual npm choice), measured in one run with
 * the two interleaved, so a busy shared machine slows both alike. Every iteration renders a payload
 * it has never seen, as /qrcode/download/ does. Run: npm run bench:qr-image
 */
import { randomBytes } from 'node:crypto';
import { encodeQr, renderEps, renderSvg } from '@qrqr/qr';
import { renderJpeg, renderPng } from '@qrqr/qr/node';
import { DESIGN_PRESETS } from '@qrqr/shared/qr-design-constants';
import QRCode from 'qrcode';

const CELL = 10;
const MARGIN = 4;

const shortUrl = (i: number) => `https://example.jp/shop/${i}-${randomBytes(4).toString('hex')}`;
/** 2331 bytes (the limit) of printable ASCII, unique per iteration. */
const full = (i: number) => {
  const head = `${i}-${randomBytes(8).toString('hex')}-`;
  const body = randomBytes(2331)
    .toString('base64')
    .replace(/[+/=]/g, 'x')
    .slice(0, 2331 - head.length);
  return head + body;
};

type Render = (payload: string) => unknown;
const ours: Render = (p) => renderPng(encodeQr(p), { cellSize: CELL, margin: MARGIN });
// Byte mode (UTF-8, as qrcode itself would encode a string) and level M, as ours: the same symbol.
const utf8 = new TextEncoder();
const baseline: Render = (p) =>
  QRCode.toBuffer([{ data: utf8.encode(p), mode: 'byte' }], {
    errorCorrectionLevel: 'M',
    scale: CELL,
    margin: MARGIN,
  });

async function time(render: Render, payload: string): Promise<number> {
  const start = process.hrtime.bigint();
  await render(payload);
  return Number(process.hrtime.bigint() - start) / 1e6;
}

function quantile(samples: number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

interface Case {
  name: string;
  payload: (i: number) => string;
  warmup: number;
  runs: number;
}

async function compare(c: Case): Promise<{ ours: number; baseline: number; ratio: number }> {
  for (let i = 0; i < c.warmup; i++) {
    await time(ours, c.payload(-i - 1));
    await time(baseline, c.payload(-i - 1));
  }
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < c.runs; i++) {
    // Alternate who goes first, so neither always runs on a cache the other warmed.
    if (i % 2 === 0) {
      a.push(await time(ours, c.payload(i)));
      b.push(await time(baseline, c.payload(i)));
    } else {
      b.push(await time(baseline, c.payload(i)));
      a.push(await time(ours, c.payload(i)));
    }
  }
  const [ma, mb] = [quantile(a, 0.5), quantile(b, 0.5)];
  const ms = (v: number) => `${v.toFixed(3).padStart(9)} ms`;
  console.log(`\n${c.name} (${c.runs} runs, PNG ${CELL} px/cell, margin ${MARGIN})`);
  console.log(`  ours     median ${ms(ma)}  p90 ${ms(quantile(a, 0.9))}`);
  console.log(`  qrcode   median ${ms(mb)}  p90 ${ms(quantile(b, 0.9))}`);
  console.log(`  ratio    qrcode / ours = ${(mb / ma).toFixed(1)}x`);
  return { ours: ma, baseline: mb, ratio: mb / ma };
}

/** Our other formats, for the record (no baseline: qrcode writes neither JPEG nor EPS). */
async function otherFormats(name: string, payload: (i: number) => string, runs: number): Promise<void> {
  const renders: Record<string, Render> = {
    SVG: (p) => renderSvg(encodeQr(p), { cellSize: CELL, margin: MARGIN }),
    EPS: (p) => renderEps(encodeQr(p), { cellSize: CELL, margin: MARGIN, dpi: 300 }),
    JPEG: (p) => renderJpeg(encodeQr(p), { cellSize: CELL, margin: MARGIN }),
    'framed Wi-Fi PNG': (p) =>
      renderPng(encodeQr(p), { cellSize: CELL, margin: MARGIN, frame: { ssid: 'Sakura_Cafe-5G' } }),
  };
  const parts: string[] = [];
  for (const [format, render] of Object.entries(renders)) {
    for (let i = 0; i < 5; i++) await time(render, payload(-i - 1));
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) samples.push(await time(render, payload(i)));
    parts.push(`${format} ${quantile(samples, 0.5).toFixed(2)} ms`);
  }
  console.log(`  ${name}: ${parts.join(', ')} (medians)`);
}

console.log(`Node ${process.version}; medians and 90th percentiles of wall time per image, encode included.`);
const short = await compare({
  name: 'Fresh short URL (~35 bytes)',
  payload: shortUrl,
  warmup: 50,
  runs: 400,
});
const big = await compare({
  name: 'Fresh 2331-byte payload (version 40-M)',
  payload: full,
  warmup: 5,
  runs: 30,
});

console.log('\nOther formats of ours:');
await otherFormats('short URL', shortUrl, 100);
await otherFormats('2331 bytes', full, 20);

/**
 * A designed code (issue 31) against the plain one, both ours, interleaved: the sakura preset has
 * dots, eyes of their own colour and a tinted background, the costliest drawing without a logo
 * (a logo needs level Q or H, which cannot hold 2331 bytes).
 */
async function styledAgainstPlain(runs: number): Promise<number> {
  const styled: Render = (p) =>
    renderPng(encodeQr(p), { cellSize: CELL, margin: MARGIN, design: DESIGN_PRESETS.sakura });
  const [a, b]: number[][] = [[], []];
  for (let i = 0; i < 5; i++) {
    await time(ours, full(-i - 1));
    await time(styled, full(-i - 1));
  }
  for (let i = 0; i < runs; i++) {
    if (i % 2 === 0) {
      a.push(await time(ours, full(i)));
      b.push(await time(styled, full(i)));
    } else {
      b.push(await time(styled, full(i)));
      a.push(await time(ours, full(i)));
    }
  }
  const [plain, designed] = [quantile(a, 0.5), quantile(b, 0.5)];
  console.log(`\nStyled 2331-byte PNG (sakura: dots, coloured eyes, tinted paper; ${runs} runs)`);
  console.log(`  plain ${plain.toFixed(2)} ms, styled ${designed.toFixed(2)} ms (medians)`);
  return designed / plain;
}
const styledRatio = await styledAgainstPlain(30);

const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
console.log('\nTargets');
console.log(
  `  short URL at least 10x faster than qrcode: ${short.ratio.toFixed(1)}x, ${verdict(short.ratio >= 10)}`,
);
console.log(`  2331-byte PNG median under 15 ms: ${big.ours.toFixed(2)} ms, ${verdict(big.ours < 15)}`);
console.log(
  `  styled 2331-byte PNG under 3x the plain one: ${styledRatio.toFixed(2)}x, ${verdict(styledRatio < 3)}`,
);
