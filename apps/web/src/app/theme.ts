import { Anchor, type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

// A calm deep blue; shade 7 carries white text at well over the 4.5:1 contrast WCAG AA asks for.
const brand: MantineColorsTuple = [
  '#eaf1fc',
  '#d3e1f7',
  '#a6c2ef',
  '#759fe6',
  '#4c81de',
  '#3370d9',
  '#2563d0',
  '#1c4fa8',
  '#154090',
  '#0c3278',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { brand },
  // Japanese glyphs first so kana and kanji do not fall back to a mismatched face.
  fontFamily:
    '"Hiragino Sans", "Hiragino Kaku Gothic ProN", "Noto Sans JP", "Noto Sans CJK JP", "Yu Gothic UI", Meiryo, system-ui, -apple-system, "Segoe UI", sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  breakpoints: { xs: '36em', sm: '48em', md: '62em', lg: '75em', xl: '88em' },
  components: {
    // Links inside running text must not rely on colour alone (WCAG 1.4.1).
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
    // A dialog's title reads as its heading. A plain object, not Modal.extend(): importing Modal
    // here would put dialog code into the first paint of every page.
    Modal: { styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } } },
  },
});

/** Mantine's default dimmed and error greys/reds are below 4.5:1 on white; use darker shades. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    // 4.7:1 on white: placeholders drawn as real text (date pickers) are checked like any text.
    '--mantine-color-placeholder': '#6c757d',
  },
  dark: {},
});
