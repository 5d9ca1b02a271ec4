import { describe, expect, it } from 'vitest';
import { chosenAmong, selectAllState, toggled, withAll } from '../src/components/selectable-list/selection';

describe('selectable list choice (tags, followers, send lists, coupons)', () => {
  it('toggles one row on and off again', () => {
    const on = toggled(new Set([1]), 2);
    expect([...on]).toEqual([1, 2]);
    expect([...toggled(on, 2)]).toEqual([1]);
  });

  it('chooses or clears every shown row and keeps rows shown elsewhere', () => {
    const chosen = new Set([9]);
    expect([...withAll(chosen, [1, 2], true)].sort()).toEqual([1, 2, 9]);
    expect([...withAll(new Set([1, 2, 9]), [1, 2], false)]).toEqual([9]);
  });

  it.each([
    [[], [1, 2], { checked: false, indeterminate: false }],
    [[1], [1, 2], { checked: false, indeterminate: true }],
    [[1, 2], [1, 2], { checked: true, indeterminate: false }],
    [[3], [1, 2], { checked: false, indeterminate: false }],
    [[1], [], { checked: false, indeterminate: false }],
  ])('with %j chosen of %j the select-all box is %j', (chosen, shown, state) => {
    expect(selectAllState(new Set(chosen), shown)).toEqual(state);
  });

  it('counts as chosen only the items still listed, in their order', () => {
    const items = [{ id: 3 }, { id: 1 }, { id: 2 }];
    // 7 was chosen, then deleted in another tab: it must not be counted or sent for deletion.
    expect(chosenAmong(new Set([2, 7, 3]), items, (item) => item.id)).toEqual([{ id: 3 }, { id: 2 }]);
    expect(chosenAmong(new Set([7]), items, (item) => item.id)).toEqual([]);
  });

  it('does not change the selection it was given', () => {
    const chosen = new Set([1]);
    toggled(chosen, 1);
    withAll(chosen, [2], true);
    expect([...chosen]).toEqual([1]);
  });
});
