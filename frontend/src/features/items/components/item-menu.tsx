import { Ban, Flag, MoreVertical, Pencil, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';

interface ItemMenuProps {
  canManage: boolean;
  /** The poster's own post, but one a moderator is looking at: it may be deleted, not edited. */
  editLocked?: boolean;
  canReport: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onReport: () => void;
  /** Another member's item: block its poster. */
  onBlock?: () => void;
}

/** The card's overflow menu: edit and delete for the poster, report for everyone else. */
export function ItemMenu({ canManage, editLocked = false, canReport, onEdit, onDelete, onReport, onBlock }: ItemMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      triggerRef.current?.focus();
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (!canManage && !canReport) return null;
  const choose = (action: () => void) => () => {
    setOpen(false);
    // The menu goes away: focus returns to its button, which the dialog opened next gives focus back to when it closes.
    triggerRef.current?.focus();
    action();
  };
  const itemClass = 'flex min-h-11 w-full items-center gap-2 px-3 text-left text-sm hover:bg-slate-100';

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={triggerRef}
        type="button"
        aria-label="More actions"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
        className="grid size-11 place-items-center rounded-full text-slate-600 hover:bg-slate-100"
      >
        <MoreVertical className="size-5" aria-hidden />
      </button>
      {open && (
        <div id={menuId} role="menu" className="absolute right-0 top-11 z-20 w-44 overflow-hidden rounded-xl border border-slate-200 bg-white py-1 shadow-lg">
          {canManage && (
            <>
              {!editLocked && (
                <button type="button" role="menuitem" className={itemClass} onClick={choose(onEdit)}>
                  <Pencil className="size-4" aria-hidden /> Edit Item
                </button>
              )}
              <button type="button" role="menuitem" className={`${itemClass} text-red-700`} onClick={choose(onDelete)}>
                <Trash2 className="size-4" aria-hidden /> Delete Item
              </button>
            </>
          )}
          {canReport && (
            <button type="button" role="menuitem" className={itemClass} onClick={choose(onReport)}>
              <Flag className="size-4" aria-hidden /> Report
            </button>
          )}
          {onBlock && (
            <button type="button" role="menuitem" className={itemClass} onClick={choose(onBlock)}>
              <Ban className="size-4" aria-hidden /> Block poster
            </button>
          )}
        </div>
      )}
    </div>
  );
}
