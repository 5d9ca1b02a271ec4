/**
 * What other modules may use of send lists: the audience of a filter as a subquery (a message's
 * fan-out inserts it whole with INSERT … SELECT).
 */
export { audienceQuery } from './audience-query';
