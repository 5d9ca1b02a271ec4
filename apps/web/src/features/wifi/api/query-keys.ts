/** Query keys of the Wi-Fi area: one root, every list and page under it (a save invalidates it). */
export const wifiKeys = {
  all: ['wifi'] as const,
  pages: (search: object) => ['wifi', 'pages', search] as const,
  page: (id: number) => ['wifi', 'page', id] as const,
  codes: () => ['wifi', 'codes'] as const,
  channel: (id: number) => ['wifi', 'channel', id] as const,
};
