/** How many notices a news page lists (the service's and the channel area's), newest first. */
export const NEWS_PAGE_LIMIT = 50;
