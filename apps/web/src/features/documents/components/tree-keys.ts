/** A row of the tree as the keyboard sees it: the visible items in screen order. */
export interface TreeRow {
  id: string;
  level: number;
  /** null: a folder without subfolders (nothing to open). */
  expanded: boolean | null;
  label: string;
}

export type TreeMove =
  | { kind: 'focus'; id: string }
  | { kind: 'expand'; id: string }
  | { kind: 'collapse'; id: string }
  | { kind: 'select'; id: string }
  | null;

/**
 * What a key does in the folder tree (the WAI-ARIA tree pattern): Up/Down move, Right opens a
 * folder or goes to its first subfolder, Left closes it or goes to its parent, Home/End go to the
 * ends, Enter or Space chooses the folder, and a letter goes to the next folder starting with it.
 */
export function treeKey(rows: readonly TreeRow[], current: string, key: string): TreeMove {
  const at = rows.findIndex((r) => r.id === current);
  if (at < 0) return rows[0] ? { kind: 'focus', id: rows[0].id } : null;
  const row = rows[at]!;
  const focus = (i: number): TreeMove => (rows[i] ? { kind: 'focus', id: rows[i].id } : null);
  switch (key) {
    case 'ArrowDown':
      return focus(at + 1);
    case 'ArrowUp':
      return focus(at - 1);
    case 'Home':
      return focus(0);
    case 'End':
      return focus(rows.length - 1);
    case 'ArrowRight':
      if (row.expanded === false) return { kind: 'expand', id: row.id };
      if (row.expanded === true && (rows[at + 1]?.level ?? 0) > row.level) return focus(at + 1);
      return null;
    case 'ArrowLeft': {
      if (row.expanded === true) return { kind: 'collapse', id: row.id };
      for (let i = at - 1; i >= 0; i--) if (rows[i]!.level < row.level) return focus(i);
      return null;
    }
    case 'Enter':
    case ' ':
      return { kind: 'select', id: row.id };
    default: {
      if (key.length !== 1 || !/\S/.test(key)) return null;
      const letter = key.toLowerCase();
      for (let step = 1; step <= rows.length; step++) {
        const next = rows[(at + step) % rows.length]!;
        if (next.label.toLowerCase().startsWith(letter)) return { kind: 'focus', id: next.id };
      }
      return null;
    }
  }
}
