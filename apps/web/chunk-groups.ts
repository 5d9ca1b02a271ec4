/**
 * How the build groups modules into files (Rolldown's codeSplitting groups). Every file costs a
 * round trip and about 1 KB of response headers, so a page loads a few well-cached files: what
 * every page needs before its first paint, then one file per kind of library a screen adds.
 * A group must never import a group a page would not otherwise load: dialogs and menus
 * (floating-ui, scroll locking) stay out of the plain components a form needs.
 */

const SEP = '[\\\\/]';
/** Modules of these npm packages ("a|@scope/b"). */
const pkg = (names: string) => new RegExp(`${SEP}node_modules${SEP}(${names.replaceAll('/', SEP)})${SEP}`);
/** Modules of these Mantine core components or utilities ("Modal|Popover"). */
const mantine = (dirs: string) =>
  new RegExp(`${SEP}@mantine${SEP}core${SEP}esm${SEP}(components|utils)${SEP}(${dirs})${SEP}`);
/** Modules of these @mantine/hooks hooks ("use-drag|use-timeout"). */
const hooks = (names: string) => new RegExp(`${SEP}@mantine${SEP}hooks${SEP}esm${SEP}(${names})${SEP}`);
const anyOf =
  (...tests: RegExp[]) =>
  (id: string) =>
    tests.some((re) => re.test(id));

const byLanguage = (id: string) => {
  // The server's texts of a language (@qrqr/shared/messages/<lng>[-services], which lib/i18n.ts
  // loads with the language) join its file; the services' (channel area, Wi-Fi pages) load with
  // those screens' own texts, the A/B tests' with the channel area's too.
  const messages = new RegExp(
    `${SEP}shared${SEP}src${SEP}messages${SEP}(ja|en)(-services|-design|-ab-tests)?\\.ts$`,
  ).exec(id);
  if (messages) {
    if (messages[2] === '-design') return `locale-${messages[1]}-qrdesign`;
    return messages[2] ? `locale-${messages[1]}-channel` : `locale-${messages[1]}`;
  }
  const match = new RegExp(`${SEP}locales${SEP}(ja|en)${SEP}([\\w-]+)\\.json$`).exec(id);
  if (!match) return null;
  const [, lng, ns] = match;
  // Screens that load their own texts (useScreenTexts) get them in a file of their own.
  if (ns === 'readlog' || ns === 'sharing') return `locale-${lng}-readlog`;
  if (ns === 'credits' || ns === 'service') return `locale-${lng}-service`;
  if (ns === 'auth') return `locale-${lng}-auth`;
  if (
    /^(channels|channel-settings|tags|followers|sendlists|coupons|channel-messages|channel-analytics)$/.test(
      ns ?? '',
    )
  )
    return `locale-${lng}-channel`;
  if (ns === 'wifi') return `locale-${lng}-wifi`;
  // The design panel's texts load when it opens (issue 31: a first visit does not grow).
  if (ns === 'qrdesign') return `locale-${lng}-qrdesign`;
  // The bulk dialogs' texts load when one opens.
  if (ns === 'qrbulk') return `locale-${lng}-qrbulk`;
  return `locale-${lng}`;
};

// The API calls of the features a first visit shows (the channel area's and the read log's load
// with their screens).
const appShared = new RegExp(
  `${SEP}apps${SEP}web${SEP}src${SEP}(lib|components|features${SEP}(auth|qrcodes|service|home|errors)${SEP}api)${SEP}`,
);
// Loading placeholders shown while a screen's part loads belong with the helpers.
const placeholders = /-skeleton\.tsx$/;
// Calls only the account screens make (all but sign-out, which every page's menu has), and the QR
// manager's calls that only the list, the read log and the design section make.
const authCalls = new RegExp(`${SEP}features${SEP}auth${SEP}api${SEP}(?!signout\\.ts$)`);
const managerCalls = new RegExp(
  `${SEP}features${SEP}qrcodes${SEP}api${SEP}(change-wifi-profile|delete-qrcode|update-[\\w-]+|guest-history-presence|bulk-[\\w-]+|qr-styles|logo-choices|logo-pictures?|delete-logo-picture)\\.ts$|${authCalls.source}`,
);
// Shared app modules that import a heavier group, or that only later screens use (the channel
// lists' selectable rows, the read log's placeholder, the charts' day tables, the picture
// choosers of coupons and messages, number boxes, the forms' schemas and zod), so they load with
// their screens (or their groups) instead.
const appHeavy = new RegExp(
  `(confirm-dialog|error-dialog|notifications-container|localized-dates|date-field|date-picker|days-chart-section|picture-chooser|account-menu|labelled-segments|read-log-skeleton|keep-dates|number-field)\\.tsx$|${SEP}lib${SEP}(form-schemas|zod-without-eval)\\.ts$|${SEP}components${SEP}selectable-list${SEP}|${managerCalls.source}`,
);

const isAppHelper = (id: string) => (appShared.test(id) || placeholders.test(id)) && !appHeavy.test(id);

/** What a group's `name` may ask of the module graph (Rolldown's ChunkingContext). */
interface ModuleGraph {
  getModuleInfo(id: string): { importers: readonly string[] } | null;
}
const sharedPackage = new RegExp(`${SEP}packages${SEP}shared${SEP}src${SEP}`);
/**
 * The shared package has no group by file name: each of its modules is an entry point
 * (`@qrqr/shared/<module>`) and goes with its importers. One that an app helper imports, directly
 * or through other shared modules, travels with the helpers (every page loads them, and alone it
 * would be one more tiny file); the rest goes where Rolldown puts it by its importers: a screen's
 * file, or a file the screens importing it share (the schemas with zod, at a form's validation).
 */
function importedByAppHelper(id: string, graph: ModuleGraph, seen = new Set<string>()): boolean {
  if (!sharedPackage.test(id) || seen.has(id)) return false;
  seen.add(id);
  const importers = graph.getModuleInfo(id)?.importers ?? [];
  return importers.some((importer) => isAppHelper(importer) || importedByAppHelper(importer, graph, seen));
}

// A group takes only its own modules: pulling in their dependencies (Rolldown's default) would
// move shared Mantine parts into, say, the date picker's file and make every page load it.
const own = { includeDependenciesRecursively: false };

export const chunkGroups = [
  // One language's texts in one file, fetched only when that language is shown.
  { debugName: 'byLanguage', name: byLanguage, priority: 60 },
  // What every page needs before its first paint: React, query, Mantine's core.
  {
    name: 'vendor',
    test: /[\\/]node_modules[\\/]|^\0(vite[\\/]preload-helper|rolldown[\\/]runtime)/,
    tags: ['$initial' as const],
    priority: 50,
  },
  { ...own, name: 'dates', test: pkg('@mantine/dates|dayjs'), priority: 40 },
  // Inputs and parts only the member's screens use (channel settings, coupons, the sidebar): not
  // in `ui`, which every first visit loads.
  {
    ...own,
    name: 'member-ui',
    test: anyOf(
      mantine('Collapse|Fieldset|FileButton|FileInput|Image|NavLink'),
      hooks(
        'use-collapse|use-debounced-value|use-mutation-observer|use-previous|use-shallow-effect|use-timeout|use-mounted',
      ),
    ),
    priority: 30,
  },
  // The read log's charts: @mantine/charts, recharts and what only recharts uses (d3 parts,
  // redux). Loaded only by that page, so no other page's first visit grows.
  {
    ...own,
    name: 'charts',
    test: anyOf(
      pkg(
        '@mantine/charts|recharts|victory-vendor|d3-[\\w-]+|internmap|@reduxjs/toolkit|react-redux|redux|redux-thunk|immer|reselect|es-toolkit|eventemitter3|tiny-invariant|decimal\\.js-light|use-sync-external-store',
      ),
    ),
    priority: 40,
  },
  // Colour pickers (a message's or a page's colours) and the swatch the charts' legends use too:
  // left to `ui`, they made every page load the charts and the overlays (~140 KB).
  {
    ...own,
    name: 'colors',
    test: mantine('ColorSwatch|ColorPicker|ColorInput'),
    priority: 40,
  },
  // Select boxes (channel screens) bring a popover and a scroll area: not in `ui` either. The
  // chevron, its styles and the option parser stay: native selects on first-paint forms use them.
  {
    ...own,
    name: 'combobox',
    test: (id: string) =>
      mantine('Combobox|Select|MultiSelect|Autocomplete|TagsInput|PillsInput|Pill').test(id) &&
      !/ComboboxChevron|get-parsed-combobox-data|Combobox\.module/.test(id),
    priority: 30,
  },
  // The read log's controls (period tabs, analysis switch, share bars): not in `ui`, which every
  // page loads first.
  {
    ...own,
    name: 'controls',
    test: mantine('SegmentedControl|FloatingIndicator|Switch|Progress'),
    priority: 30,
  },
  {
    ...own,
    name: 'notifications',
    test: anyOf(pkg('@mantine/notifications|@mantine/store|react-transition-group'), mantine('Notification')),
    priority: 40,
  },
  {
    ...own,
    name: 'overlays',
    test: anyOf(
      pkg(
        '@floating-ui/[\\w-]+|react-remove-scroll(-bar)?|use-sidecar|use-callback-ref|react-style-singleton|get-nonce|tslib',
      ),
      mantine('Modal|ModalBase|Drawer|Popover|Menu|Tooltip|HoverCard|FocusTrap|Floating'),
      // Their hooks: otherwise `ui` takes them, which every first visit loads.
      hooks('use-focus-trap|use-focus-return|use-click-outside|use-long-press'),
    ),
    priority: 30,
  },
  // Tables scroll with ScrollArea, which uses floating-ui: apart from the plain components.
  {
    ...own,
    name: 'tables',
    // With the scrollbar's drag hooks.
    test: anyOf(mantine('Table|ScrollArea'), hooks('use-drag|use-debounced-callback')),
    priority: 30,
  },
  // zod loads at a form's first validation (lazy-zod-resolver), with the module that hands the
  // forms the shared schemas (whose own modules go with their importers).
  {
    ...own,
    name: 'validation',
    test: anyOf(
      pkg('zod'),
      new RegExp(`${SEP}web${SEP}src${SEP}lib${SEP}(form-schemas|zod-without-eval)\\.ts$`),
    ),
    priority: 30,
  },
  // Number boxes (coupon amounts and codes, Wi-Fi expiry, download sizes) appear only after a choice.
  {
    ...own,
    name: 'number-input',
    test: new RegExp(`${SEP}web${SEP}src${SEP}components${SEP}number-field\\.tsx$`),
    priority: 30,
  },
  // Our renderer and the encoder it wraps, for previews and downloads.
  { ...own, name: 'qr', test: anyOf(new RegExp(`${SEP}packages${SEP}qr${SEP}`), pkg('qr')), priority: 20 },
  // The outlines of the calls to action a designed code's frame may carry: fetched only for such a code.
  {
    ...own,
    name: 'qr-glyphs',
    test: new RegExp(`${SEP}packages${SEP}qr${SEP}src${SEP}cta-glyphs\\.ts$`),
    priority: 25,
  },
  // The app's small shared helpers (API calls, form errors, alerts): one file for all screens,
  // with the modules of the shared package they import.
  {
    ...own,
    debugName: 'app',
    name: (id: string, graph: ModuleGraph) =>
      isAppHelper(id) || importedByAppHelper(id, graph) ? 'app' : null,
    priority: 20,
  },
  // The account screens' small shared parts (card, form, fields) and their calls: one file
  // instead of five.
  {
    ...own,
    name: 'auth',
    test: anyOf(
      new RegExp(`${SEP}apps${SEP}web${SEP}src${SEP}features${SEP}auth${SEP}components${SEP}`),
      authCalls,
    ),
    priority: 20,
  },
  // The rest of Mantine that screens use (inputs, tabs…): one file, as most screens need most of
  // it and one request costs less than several.
  // Inputs and parts neither the top page nor sign-in shows at first: ~5 KB less on both.
  {
    ...own,
    name: 'inputs',
    test: mantine('Checkbox|Textarea|NativeSelect|Badge|CopyButton|Accordion'),
    priority: 15,
  },
  // react-is and Babel's helpers serve lazily loaded libraries (charts, toasts) only.
  {
    ...own,
    name: 'ui',
    test: (id: string) => /[\\/]node_modules[\\/]/.test(id) && !pkg('react-is|@babel/runtime').test(id),
    priority: 10,
  },
];
