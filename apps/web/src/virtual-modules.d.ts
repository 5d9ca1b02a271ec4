/** Made by the build from app/screens.ts (screen-modules.ts): each screen module's import. */
declare module 'virtual:screen-modules' {
  import type { ComponentType } from 'react';

  const loaders: Record<string, () => Promise<Record<string, ComponentType>>>;
  export default loaders;
}
