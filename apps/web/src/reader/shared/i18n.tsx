/** @jsxImportSource preact */
import { type ComponentChildren, createContext } from 'preact';
import { useContext, useState } from 'preact/hooks';
import { phraseBreaksFor } from '../../lib/phrase-breaks';
import en from '../../locales/en/reader.json';
import ja from '../../locales/ja/reader.json';

/**
 * The reader's own small translation layer: both dictionaries are a few KB, so they ship with the
 * page instead of pulling the app's translator into a page a visitor opens from a printed code.
 */
export type Lang = 'ja' | 'en';
const DICTIONARIES: Record<Lang, unknown> = { ja: phraseBreaksFor(ja), en };

function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

/** The `lang` cookie, else the page's language (the server's choice), else the browser's. */
export function detectLang(): Lang {
  const cookie = readCookie('lang');
  if (cookie === 'ja' || cookie === 'en') return cookie;
  const page = document.documentElement.lang;
  if (page === 'ja' || page === 'en') return page;
  return navigator.language.toLowerCase().startsWith('ja') ? 'ja' : 'en';
}

function lookup(lang: Lang, key: string): string {
  let node: unknown = DICTIONARIES[lang];
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : key;
}

export type Translate = (key: string, vars?: Record<string, string | number>) => string;

interface LangState {
  lang: Lang;
  t: Translate;
  setLang(lang: Lang): void;
}

const LangContext = createContext<LangState | null>(null);

export function LangProvider({ children }: { children: ComponentChildren }) {
  const [lang, setLangState] = useState<Lang>(detectLang);
  const t: Translate = (key, vars) =>
    lookup(lang, key).replace(/\{\{\s*(\w+)\s*\}\}/g, (_m, name: string) => String(vars?.[name] ?? ''));
  const setLang = (next: Lang) => {
    // biome-ignore lint/suspicious/noDocumentCookie: the server reads this plain cookie, as in the main app.
    document.cookie = `lang=${next}; path=/; max-age=31536000; samesite=lax`;
    document.documentElement.lang = next;
    setLangState(next);
  };
  return <LangContext.Provider value={{ lang, t, setLang }}>{children}</LangContext.Provider>;
}

/** Named like the app's hook (lib/use-translation.tsx) so scripts/check-locales.mjs checks every key against reader.json. */
export function useTranslation(_namespace: 'reader'): LangState {
  const state = useContext(LangContext);
  if (!state) throw new Error('useTranslation outside LangProvider');
  return state;
}
