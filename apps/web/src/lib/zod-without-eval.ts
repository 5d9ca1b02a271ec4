/**
 * zod as the web app imports it (vite.config.ts aliases `zod` here): zod compiles a faster parser
 * with `new Function` when it may, and merely trying that is an eval the page's CSP blocks, which
 * Firefox reports as an error on every page with a form. The interpreted parser is the one a CSP
 * allows. The server's zod, outside any CSP, keeps its compiled one.
 */
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
export { default, z } from 'zod/v4';
