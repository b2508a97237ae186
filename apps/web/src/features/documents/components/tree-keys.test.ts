import { describe, expect, it } from 'vitest';
import { type TreeRow, treeKey } from './tree-keys.ts';

// Contracts (open) > 2026 (leaf), Hotels (closed); Requests (closed); Templates (leaf)
const rows: TreeRow[] = [
  { id: '1', level: 1, expanded: true, label: 'Contracts' },
  { id: '2', level: 2, expanded: null, label: '2026' },
  { id: '3', level: 2, expanded: false, label: 'Hotels' },
  { id: '4', level: 1, expanded: false, label: 'Requests' },
  { id: '5', level: 1, expanded: null, label: 'Templates' },
];

describe('the folder tree keys', () => {
  it('move up and down through what is on screen, and to the ends', () => {
    expect(treeKey(rows, '1', 'ArrowDown')).toEqual({ kind: 'focus', id: '2' });
    expect(treeKey(rows, '4', 'ArrowUp')).toEqual({ kind: 'focus', id: '3' });
    expect(treeKey(rows, '5', 'ArrowDown')).toBeNull();
    expect(treeKey(rows, '1', 'ArrowUp')).toBeNull();
    expect(treeKey(rows, '3', 'Home')).toEqual({ kind: 'focus', id: '1' });
    expect(treeKey(rows, '1', 'End')).toEqual({ kind: 'focus', id: '5' });
  });

  it('open a closed folder with Right, then go into it; close an open one with Left, then go up', () => {
    expect(treeKey(rows, '4', 'ArrowRight')).toEqual({ kind: 'expand', id: '4' });
    expect(treeKey(rows, '1', 'ArrowRight')).toEqual({ kind: 'focus', id: '2' });
    expect(treeKey(rows, '5', 'ArrowRight')).toBeNull();
    expect(treeKey(rows, '1', 'ArrowLeft')).toEqual({ kind: 'collapse', id: '1' });
    expect(treeKey(rows, '3', 'ArrowLeft')).toEqual({ kind: 'focus', id: '1' });
    expect(treeKey(rows, '5', 'ArrowLeft')).toBeNull();
  });

  it('an open folder whose subfolders are still loading has nothing to go into', () => {
    const loading: TreeRow[] = [{ id: '9', level: 1, expanded: true, label: 'Big' }, rows[4]!];
    expect(treeKey(loading, '9', 'ArrowRight')).toBeNull();
  });

  it('choose with Enter or Space, and go to the next folder by its first letter, round the end', () => {
    expect(treeKey(rows, '3', 'Enter')).toEqual({ kind: 'select', id: '3' });
    expect(treeKey(rows, '3', ' ')).toEqual({ kind: 'select', id: '3' });
    expect(treeKey(rows, '1', 't')).toEqual({ kind: 'focus', id: '5' });
    expect(treeKey(rows, '5', 'C')).toEqual({ kind: 'focus', id: '1' });
    expect(treeKey(rows, '1', 'x')).toBeNull();
    expect(treeKey(rows, '1', 'Shift')).toBeNull();
  });

  it('starts at the first row when the focused one is gone', () => {
    expect(treeKey(rows, '42', 'ArrowDown')).toEqual({ kind: 'focus', id: '1' });
    expect(treeKey([], '1', 'ArrowDown')).toBeNull();
  });
});
