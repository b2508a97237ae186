import type { DocumentFolder } from '@app/shared/documents/documents.schemas';
import { Button, Loader, Text } from '@mantine/core';
import {
  createContext,
  type KeyboardEvent,
  type ReactNode,
  useContext,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useFolderChildren } from '../../../lib/documents/list-folders.ts';
import { StrokeIcon } from '../../../ui/icons/stroke-icon.tsx';
import classes from './folder-tree.module.css';
import { type TreeRow, treeKey } from './tree-keys.ts';

const FOLDER_ICON = 'M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z';
const INDENT = 16;
/** The id of the optional first item (the picker's "Top level"). */
const TOP = 'top';

export interface FolderTreeProps {
  /** The tree's accessible name. */
  label: string;
  selected: number | null;
  onSelect: (folder: DocumentFolder) => void;
  expanded: ReadonlySet<number>;
  onToggle: (id: number, open: boolean) => void;
  /** A folder that can be neither chosen nor opened (the one being moved: not into itself). */
  disabledId?: number | undefined;
  /** An item before the folders, such as the picker's "Top level". */
  top?: { label: string; selected: boolean; onSelect: () => void } | undefined;
  /** Shown instead of the tree when there is no folder at all. */
  emptyText?: ReactNode;
}

interface TreeContext extends FolderTreeProps {
  tabbable: string | null;
  setFocus: (id: string) => void;
  folders: Map<string, DocumentFolder>;
}
const Ctx = createContext<TreeContext | null>(null);
const useTree = () => {
  const value = useContext(Ctx);
  if (!value) throw new Error('FolderTree parts outside the tree');
  return value;
};

/** The rows on screen, in order, as the keyboard logic reads them. */
function rowsOf(tree: HTMLElement): TreeRow[] {
  return Array.from(tree.querySelectorAll<HTMLElement>('[role="treeitem"]')).map((el) => ({
    id: el.dataset.treeId ?? '',
    level: Number(el.dataset.level ?? 1),
    expanded: el.hasAttribute('aria-expanded') ? el.getAttribute('aria-expanded') === 'true' : null,
    label: el.dataset.label ?? '',
  }));
}

const itemOf = (tree: HTMLElement, id: string) =>
  tree.querySelector<HTMLElement>(`[role="treeitem"][data-tree-id="${CSS.escape(id)}"]`);

/**
 * The folder tree (WAI-ARIA tree): folders open and close (their subfolders are fetched when
 * opened), one is chosen; the keyboard moves through it as `tree-keys.ts` says, with one item in
 * the tab order. Used by the page and, with "Top level", by the folder picker.
 */
export function FolderTree(props: FolderTreeProps) {
  const { label, selected, onSelect, onToggle, top } = props;
  const ref = useRef<HTMLDivElement>(null);
  const [focusId, setFocusId] = useState<string | null>(null);
  const folders = useRef(new Map<string, DocumentFolder>()).current;
  const tabbable = focusId ?? (top?.selected ? TOP : selected !== null ? String(selected) : null);
  const roots = useFolderChildren(null);

  // The item in the tab order must be on screen (not inside a closed folder): else the first one.
  useLayoutEffect(() => {
    const tree = ref.current;
    if (!tree) return;
    if (tabbable !== null && itemOf(tree, tabbable)) return;
    const first = tree.querySelector<HTMLElement>('[role="treeitem"]');
    const id = first?.dataset.treeId ?? null;
    if (id !== null && id !== focusId) setFocusId(id);
  });

  const choose = (id: string) => {
    if (id === TOP) top?.onSelect();
    else if (id !== String(props.disabledId)) {
      const folder = folders.get(id);
      if (folder) onSelect(folder);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const tree = ref.current;
    const current = (event.target as HTMLElement).closest<HTMLElement>('[role="treeitem"]');
    if (!tree || !current || event.altKey || event.ctrlKey || event.metaKey) return;
    const move = treeKey(rowsOf(tree), current.dataset.treeId ?? '', event.key);
    if (!move) return;
    event.preventDefault();
    event.stopPropagation();
    switch (move.kind) {
      case 'focus':
        setFocusId(move.id);
        itemOf(tree, move.id)?.focus();
        break;
      case 'expand':
        onToggle(Number(move.id), true);
        break;
      case 'collapse':
        onToggle(Number(move.id), false);
        break;
      case 'select':
        choose(move.id);
        break;
      default: {
        const unreachable: never = move;
        return unreachable;
      }
    }
  };

  const context: TreeContext = {
    ...props,
    tabbable,
    folders,
    setFocus: (id) => {
      setFocusId(id);
      if (ref.current) itemOf(ref.current, id)?.focus();
    },
  };
  const empty = roots.data?.pages[0]?.meta.total === 0;
  return (
    <Ctx value={context}>
      {empty && !top && props.emptyText ? (
        <Text size="sm" c="dimmed" className={classes.note}>
          {props.emptyText}
        </Text>
      ) : (
        <div role="tree" aria-label={label} className={classes.tree} ref={ref} onKeyDown={onKeyDown}>
          {top ? (
            <div
              role="treeitem"
              aria-level={1}
              aria-selected={top.selected}
              tabIndex={tabbable === TOP ? 0 : -1}
              data-tree-id={TOP}
              data-level={1}
              data-label={top.label}
              className={classes.item}
              onFocus={(event) => {
                if (event.target === event.currentTarget) setFocusId(TOP);
              }}
            >
              {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the item's keys are the tree's */}
              <div
                className={classes.row}
                style={{ paddingLeft: 6 }}
                onClick={() => {
                  context.setFocus(TOP);
                  top.onSelect();
                }}
              >
                <span className={classes.chevron} />
                <StrokeIcon d={FOLDER_ICON} size={16} />
                <span className={classes.name}>{top.label}</span>
              </div>
            </div>
          ) : null}
          <Level parent={null} level={top ? 2 : 1} query={roots} />
        </div>
      )}
    </Ctx>
  );
}

type ChildrenQuery = ReturnType<typeof useFolderChildren>;

function Level({ parent, level, query }: { parent: number | null; level: number; query: ChildrenQuery }) {
  const folders = query.data?.pages.flatMap((p) => p.data) ?? [];
  const total = query.data?.pages[0]?.meta.total ?? 0;
  if (query.isPending)
    return (
      <div role="none" className={classes.note} style={{ paddingLeft: level * INDENT }}>
        <Loader size={12} mr={6} aria-hidden="true" />
        <Text span size="xs" c="dimmed">
          Loading folders…
        </Text>
      </div>
    );
  if (query.isError)
    return (
      <div role="none" className={classes.note} style={{ paddingLeft: level * INDENT }}>
        <Text span size="xs" c="red.8" role="alert" mr={6}>
          The folders could not be loaded.
        </Text>
        <Button size="compact-xs" variant="default" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  return (
    <>
      {folders.map((folder) => (
        <Item key={folder.id} folder={folder} level={level} />
      ))}
      {query.hasNextPage ? (
        <div role="none" className={classes.note} style={{ paddingLeft: level * INDENT }}>
          <Button
            size="compact-xs"
            variant="subtle"
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            Show more folders ({total - folders.length} more{parent === null ? '' : ' here'})
          </Button>
        </div>
      ) : null}
    </>
  );
}

function Item({ folder, level }: { folder: DocumentFolder; level: number }) {
  const tree = useTree();
  const id = String(folder.id);
  tree.folders.set(id, folder);
  const disabled = folder.id === tree.disabledId;
  const expandable = folder.has_children && !disabled;
  const open = expandable && tree.expanded.has(folder.id);
  const select = () => {
    if (!disabled) tree.onSelect(folder);
  };
  return (
    <div
      role="treeitem"
      aria-level={level}
      aria-expanded={expandable ? open : undefined}
      aria-selected={tree.selected === folder.id}
      aria-disabled={disabled || undefined}
      tabIndex={tree.tabbable === id ? 0 : -1}
      data-tree-id={id}
      data-level={level}
      data-label={folder.name}
      className={classes.item}
      onFocus={(event) => {
        if (event.target === event.currentTarget && tree.tabbable !== id) tree.setFocus(id);
      }}
    >
      {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the item's keys are the tree's */}
      <div
        className={classes.row}
        style={{ paddingLeft: 6 + (level - 1) * INDENT }}
        onClick={() => {
          tree.setFocus(id);
          select();
        }}
        title={folder.name}
      >
        <span
          className={classes.chevron}
          aria-hidden="true"
          onClick={(event) => {
            if (!expandable) return;
            event.stopPropagation();
            tree.setFocus(id);
            tree.onToggle(folder.id, !open);
          }}
        >
          {expandable ? (open ? '▾' : '▸') : ''}
        </span>
        <StrokeIcon d={FOLDER_ICON} size={16} />
        <span className={classes.name}>{folder.name}</span>
      </div>
      {open ? (
        // biome-ignore lint/a11y/useSemanticElements: a tree's group of subitems (WAI-ARIA tree), not a form's fieldset
        <div role="group" className={classes.group}>
          <Children parent={folder.id} level={level + 1} />
        </div>
      ) : null}
    </div>
  );
}

function Children({ parent, level }: { parent: number; level: number }) {
  const query = useFolderChildren(parent);
  return <Level parent={parent} level={level} query={query} />;
}
