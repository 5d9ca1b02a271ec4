// The analytics feature's public file: what other features may use of it.
export { RangeFigures, useRangeChoice } from './components/range-choice';
export { rangeError } from './lib/range-rules';
