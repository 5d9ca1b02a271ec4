/**
 * What the web build tells the server about each screen (apps/web/screen-modules.ts writes it,
 * apps/server/src/platform/page/screen-preloads.ts reads it): the files a first visit to the screen
 * needs beyond those index.html names, as URLs under `/assets/`.
 */
export const SCREEN_PRELOADS_FILE = 'screen-preloads.json';

export interface ScreenPreloadsFile {
  /** The language file every page loads before its first paint, per language. */
  texts: Record<string, string[]>;
  screens: {
    /** The screen's path in `paths` (`:id` stands for one segment). */
    path: string;
    /** Shown to members only: a guest is sent to sign-in, so naming its files would waste them. */
    member: boolean;
    /**
     * A guest's first visit gets the screen's HTML rendered by the server (the build's ssr/ bundle),
     * so it paints as soon as its styles arrive, before any script has run.
     */
    prerender?: boolean;
    /**
     * A signed-in member's first visit gets the screen's HTML rendered by the server with the
     * answers of its first calls (apps/server/src/platform/page/member-paint.ts).
     */
    memberPaint?: boolean;
    /**
     * The API calls (GETs) its first paint waits for, as addresses with `{name}` for a path
     * parameter of the screen or a query parameter of the page (`{channel_id}`): the server runs
     * them for a signed-in member's first visit and writes the answers into the page
     * (apps/server/src/platform/page/first-answers.ts), so the data does not wait for the scripts.
     */
    firstCalls?: string[];
    /** Its module's chunk and every chunk those import statically. */
    js: string[];
    css: string[];
    /** Its texts' chunks per language. */
    texts: Record<string, string[]>;
  }[];
}

/**
 * A member's screen painted by the server (apps/server/src/platform/page/member-paint.ts): the page
 * carries the answers it was rendered with in `<script id="{stateId}">`, and `#app` is inert until
 * the app has taken the screen over, so a tap never lands on HTML React does not handle yet.
 */
export const MEMBER_PAINT = { stateId: 'query-state' } as const;
