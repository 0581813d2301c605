import { useState } from 'react';

export type SortOrder = 'asc' | 'desc';

// The state of an admin list (Users, Companies): what is typed in the search box and the search
// it ran, the sorted column and its order, and the page. A new search or sort starts at page 1.
// Sorting by the sorted column turns its order round; another column starts in `firstOrder`'s
// order for it; `nextOrder` sets the order outright (the phones' order button).
export function useListControls<K extends string>({ initialSort, firstOrder, onClear }: { initialSort: K; firstOrder: (column: K) => SortOrder; onClear?: () => void }) {
  const [keyInput, setKeyInput] = useState('');
  const [key, setKey] = useState('');
  const [sort, setSort] = useState<K>(initialSort);
  const [order, setOrder] = useState<SortOrder>('desc');
  const [page, setPage] = useState(1);

  const search = () => {
    setKey(keyInput.trim());
    setPage(1);
  };
  const clear = () => {
    setKeyInput('');
    setKey('');
    onClear?.();
    setPage(1);
  };
  const sortBy = (column: K, nextOrder?: SortOrder) => {
    if (nextOrder) setOrder(nextOrder);
    else if (column === sort) setOrder(order === 'asc' ? 'desc' : 'asc');
    else setOrder(firstOrder(column));
    setSort(column);
    setPage(1);
  };
  return { keyInput, setKeyInput, key, sort, order, page, setPage, search, clear, sortBy };
}
