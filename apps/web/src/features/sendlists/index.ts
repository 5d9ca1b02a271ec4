// The sendlists feature's public file: what other features may use of it.
export { useAudienceCount } from './api/count-audience';
export { useChannelTags } from './api/get-channel-tags';
export { useSendlists } from './api/get-sendlists';
