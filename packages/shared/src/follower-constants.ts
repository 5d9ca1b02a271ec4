import { LIMITS } from './limits';

/** Followers a page of the operator's followers screen lists. */
export const FOLLOWERS_PAGE_SIZE = LIMITS.pageSize;
